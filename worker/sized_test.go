package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSizedSendsALengthWithEveryBody(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		status  int
		length  string // the Content-Length header sent; "" for none
		body    string
	}{
		{"a body written in pieces, as mcp-go does", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":`)
			w.(http.Flusher).Flush()
			io.WriteString(w, `"2.0"}`)
		}, 200, "17", `{"jsonrpc":"2.0"}`},
		{"a status then a body", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusAccepted)
			io.WriteString(w, "ok")
		}, 202, "2", "ok"},
		{"an empty 200", func(w http.ResponseWriter, r *http.Request) {}, 200, "0", ""},
		{"a 304 has no body and no length", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotModified)
		}, 304, "", ""},
		{"an event stream passes through, unsized", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "event: message\ndata: {}\n\n")
			w.(http.Flusher).Flush()
			if !w.(*held).passing {
				t.Error("the event stream was held back")
			}
		}, 200, "", "event: message\ndata: {}\n\n"},
		{"a body of known length passes through, not copied", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "3")
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "png")
			if b := w.(*held); !b.passing || b.body.Len() != 0 {
				t.Error("a sized body was held back")
			}
		}, 200, "3", "png"},
		{"a second WriteHeader is ignored, as net/http does", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "bad")
		}, 400, "3", "bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A recorder, not a server: net/http would add a length itself.
			rec := httptest.NewRecorder()
			sized(tt.handler).ServeHTTP(rec, httptest.NewRequest("POST", "/api/mcp", strings.NewReader("{}")))
			if rec.Code != tt.status || rec.Header().Get("Content-Length") != tt.length || rec.Body.String() != tt.body {
				t.Errorf("got %d, Content-Length %q, body %q; want %d, %q, %q", rec.Code, rec.Header().Get("Content-Length"), rec.Body.String(), tt.status, tt.length, tt.body)
			}
		})
	}
}
