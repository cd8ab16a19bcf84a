package jshttp

import (
	"net/http"
	"syscall/js"

	"github.com/syumai/workers/internal/jsutil"
)

// ToHeader converts JavaScript sides Headers to http.Header.
//   - Headers: https://developer.mozilla.org/docs/Web/API/Headers
func ToHeader(headers js.Value) http.Header {
	entries := jsutil.ArrayFrom(headers.Call("entries"))
	headerLen := entries.Length()
	h := http.Header{}
	for i := 0; i < headerLen; i++ {
		entry := entries.Index(i)
		key := entry.Index(0).String()
		// qrkeyless patch: the value is kept whole. Headers joins repeated
		// fields with ", ", but a comma also sits inside one value (a quoted
		// ETag, a date); splitting made Header.Get return the first piece
		// ("If-None-Match: \"a\", <etag>" missed its 304, "Accept:
		// text/event-stream, application/json" lost its JSON).
		h.Add(key, entry.Index(1).String())
	}
	return h
}

// ToJSHeader converts http.Header to JavaScript sides Headers.
//   - Headers: https://developer.mozilla.org/docs/Web/API/Headers
func ToJSHeader(header http.Header) js.Value {
	h := jsutil.HeadersClass.New()
	for key, values := range header {
		for _, value := range values {
			h.Call("append", key, value)
		}
	}
	return h
}
