// Command clients calls every operation of the service's OpenAPI
// description through the client that oapi-codegen (the Go ecosystem's
// usual generator, run with its default options) writes from it into
// ./client: the description must generate, the client must compile, its
// runtime must write every parameter, and every answer must be a status
// the operation documents and parse as the client expects. Each parameter
// and body is the example the description gives; make test runs it
// against the native server (e2e/run.sh).
//
//	go tool oapi-codegen -generate types,client -package client -o client/client.gen.go openapi.json
//	go run . -spec openapi.json -base http://127.0.0.1:9900
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"qrkeyless/e2e/clients/go/client"
)

// parameter is one parameter of an operation.
type parameter struct {
	Name     string `json:"name"`
	In       string `json:"in"`
	Required bool   `json:"required"`
	Example  any    `json:"example"`
}

// operation is what the description says of one operation.
type operation struct {
	ID          string
	Method      string
	Path        string
	Parameters  []parameter `json:"parameters"`
	RequestBody struct {
		Content map[string]struct {
			Example any `json:"example"`
		} `json:"content"`
	} `json:"requestBody"`
	Responses map[string]any `json:"responses"`
}

func main() {
	spec := flag.String("spec", "openapi.json", "the OpenAPI description")
	base := flag.String("base", "http://127.0.0.1:9900", "the service")
	flag.Parse()
	ops, err := operations(*spec)
	if err != nil {
		fail(err)
	}
	c, err := client.NewClientWithResponses(*base)
	if err != nil {
		fail(err)
	}
	cv := reflect.ValueOf(c)
	var failed []string
	for _, op := range ops {
		if err := call(cv, op); err != nil {
			failed = append(failed, fmt.Sprintf("%s %s (%s): %v", op.Method, op.Path, op.ID, err))
		}
	}
	if len(failed) > 0 {
		fail(fmt.Errorf("%d of %d operations failed:\n%s", len(failed), len(ops), strings.Join(failed, "\n")))
	}
	fmt.Printf("oapi-codegen client: %d operations called, each answered as documented\n", len(ops))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "clients:", err)
	os.Exit(1)
}

// operations reads every operation of the description, in path order.
func operations(file string) ([]operation, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	var ops []operation
	for _, path := range slices.Sorted(maps.Keys(doc.Paths)) {
		for _, method := range slices.Sorted(maps.Keys(doc.Paths[path])) {
			var op struct {
				operation
				OperationID string `json:"operationId"`
			}
			if err := json.Unmarshal(doc.Paths[path][method], &op); err != nil {
				return nil, fmt.Errorf("%s %s: %v", method, path, err)
			}
			op.operation.ID, op.operation.Method, op.operation.Path = op.OperationID, strings.ToUpper(method), path
			ops = append(ops, op.operation)
		}
	}
	return ops, nil
}

// goName is the name oapi-codegen gives an operation: typed_wifi is
// TypedWifi, generatePost GeneratePost.
func goName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '-' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// call calls op through the generated client with its examples and
// checks the answer.
func call(c reflect.Value, op operation) error {
	m := c.MethodByName(goName(op.ID) + "WithResponse")
	if !m.IsValid() {
		return fmt.Errorf("the client has no %sWithResponse", goName(op.ID))
	}
	// The required parameters at their examples; an operation with none
	// required (size: data or length) takes every example it gives.
	query := map[string]any{}
	var path string
	optional := !slices.ContainsFunc(op.Parameters, func(p parameter) bool { return p.Required })
	for _, p := range op.Parameters {
		switch {
		case p.In == "path":
			path, _ = p.Example.(string)
		case p.Example != nil && (p.Required || optional):
			query[p.Name] = p.Example
		}
	}
	var body any
	if ct, ok := op.RequestBody.Content["application/json"]; ok {
		body = ct.Example
	}
	t := m.Type()
	args := []reflect.Value{reflect.ValueOf(context.Background())}
	for i := 1; i < t.NumIn(); i++ {
		in := t.In(i)
		switch {
		case t.IsVariadic() && i == t.NumIn()-1: // request editors: none
		case in.Kind() == reflect.String:
			args = append(args, reflect.ValueOf(path))
		case in.Kind() == reflect.Pointer: // the parameters
			v := reflect.New(in.Elem())
			if err := fill(v.Interface(), query); err != nil {
				return fmt.Errorf("parameters: %v", err)
			}
			args = append(args, v)
		default: // the JSON body
			v := reflect.New(in)
			if err := fill(v.Interface(), body); err != nil {
				return fmt.Errorf("body: %v", err)
			}
			args = append(args, v.Elem())
		}
	}
	out := m.Call(args)
	if err, _ := out[1].Interface().(error); err != nil {
		return err
	}
	status := out[0].MethodByName("StatusCode").Call(nil)[0].Int()
	if _, ok := op.Responses[strconv.Itoa(int(status))]; !ok {
		return fmt.Errorf("answered %d, which the operation does not document", status)
	}
	if wantRefusal := op.ID == "mcpGet" || op.ID == "mcpDelete"; (status >= 300 && status != 304) != wantRefusal {
		return fmt.Errorf("answered %d to the description's own example", status)
	}
	return nil
}

// fill sets v from example, as JSON.
func fill(v any, example any) error {
	if example == nil {
		return nil
	}
	b, err := json.Marshal(example)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
