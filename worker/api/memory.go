//go:build !js

package api

// wasmBytes is the size of the WebAssembly memory; natively there is none.
func wasmBytes() uint64 { return 0 }
