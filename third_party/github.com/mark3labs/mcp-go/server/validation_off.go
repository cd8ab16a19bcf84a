// PATCHED (qrkeyless): this file is new. Without the build tag
// mcpgo_schemavalidation, input_validation.go and output_validation.go (and
// the JSON Schema compiler they import) are left out; these stand in for
// what the rest of the package calls of them. A nil validator is the
// package's own "validation off"; asking for validation in such a build is
// a mistake the program must not run past, so the options panic.

//go:build !mcpgo_schemavalidation

package server

import "github.com/mark3labs/mcp-go/mcp"

type inputSchemaValidator struct{}

func newInputSchemaValidator() *inputSchemaValidator {
	panic("mcp-go: WithInputSchemaValidation needs the build tag mcpgo_schemavalidation (this copy is patched; see its validation_off.go)")
}

func (*inputSchemaValidator) invalidate(...string) {}
func (*inputSchemaValidator) invalidateAll()       {}
func (*inputSchemaValidator) validate(mcp.Tool, any) (bool, error) {
	return true, nil
}

type outputSchemaValidator struct{}

func newOutputSchemaValidator() *outputSchemaValidator {
	panic("mcp-go: WithOutputSchemaValidation needs the build tag mcpgo_schemavalidation (this copy is patched; see its validation_off.go)")
}

func (*outputSchemaValidator) invalidate(...string) {}
func (*outputSchemaValidator) invalidateAll()       {}
func (*outputSchemaValidator) validate(mcp.Tool, *mcp.CallToolResult) (bool, error) {
	return true, nil
}
func (*outputSchemaValidator) validateCreateTaskResult(mcp.Tool, *mcp.CreateTaskResult) (bool, error) {
	return true, nil
}

// validationToolResult is input_validation.go's, which server.go calls.
func validationToolResult(err error) *mcp.CallToolResult {
	return mcp.NewToolResultError(err.Error())
}
