//go:build js

package api

import "syscall/js"

// wasmBytes is the size of the WebAssembly memory the Worker's entry gave
// this program (qrkeyless.memory), in bytes.
func wasmBytes() uint64 {
	m := js.Global().Get("qrkeyless").Get("memory")
	if m.Type() != js.TypeObject {
		return 0
	}
	return uint64(m.Get("buffer").Get("byteLength").Int())
}
