package jshttp

import (
	"net/http"
	"strings"
	"syscall/js"

	"github.com/syumai/workers/internal/jsutil"
)

// ToHeader converts JavaScript sides Headers to http.Header.
//   - Headers: https://developer.mozilla.org/docs/Web/API/Headers
func ToHeader(headers js.Value) http.Header {
	// qrkeyless patch: the entries come over as one string, name and value
	// on lines of their own (a header holds no newline): one call instead
	// of three per header. Each value is kept whole: splitting it on commas
	// made Header.Get return the first piece ("If-None-Match: \"a\",
	// <etag>" missed its 304, "Accept: text/event-stream, application/json"
	// lost its JSON), and a comma also sits inside one value (a date, a
	// quoted string).
	lines := jsutil.ArrayFrom(headers.Call("entries")).Call("flat").Call("join", "\n").String()
	h := http.Header{}
	if lines == "" {
		return h
	}
	kv := strings.Split(lines, "\n")
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
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
