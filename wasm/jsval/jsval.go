//go:build js && wasm

// Package jsval reads and writes the plain values the browser programs
// (wasm, wasm/batch) exchange with their pages' scripts: strings and
// objects of strings.
package jsval

import "syscall/js"

// Str reads a JS string; anything else reads as "".
func Str(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// Strings reads a JS object of strings into a map; missing members and
// anything but an object read as empty.
func Strings(v js.Value) map[string]string {
	m := map[string]string{}
	if v.Type() != js.TypeObject {
		return m
	}
	keys := js.Global().Get("Object").Call("keys", v)
	for i := 0; i < keys.Length(); i++ {
		k := keys.Index(i).String()
		m[k] = Str(v.Get(k))
	}
	return m
}

// Object is m as a value js.ValueOf takes.
func Object(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
