//go:build js && wasm

// Package jsval reads and writes the plain values the browser programs
// (wasm, wasm/verify, wasm/batch) exchange with their pages' scripts:
// strings, lists and objects of strings, and the editor's form.
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

// List is a list of strings as a value js.ValueOf takes.
func List(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// Form reads an editor's form, {kind, fields, style}, as the editor's
// programs take it; missing members read as empty.
func Form(v js.Value) (kind string, fields, style map[string]string) {
	if v.Type() != js.TypeObject {
		return "", map[string]string{}, map[string]string{}
	}
	return Str(v.Get("kind")), Strings(v.Get("fields")), Strings(v.Get("style"))
}
