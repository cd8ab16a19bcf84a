package api

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// instance identifies this running program; with the request counter it
// shows whether the Worker reuses one Go instance across requests. It is
// drawn at the first request, not at start: in the Worker, start is in
// global scope, where random bytes come from the build's seed.
var (
	instance = sync.OnceValue(func() string {
		b := make([]byte, 8)
		rand.Read(b)
		return hex.EncodeToString(b)
	})
	served atomic.Int64
)

// health answers GET /api/v1/health with the instance, how many requests
// it has served, itself included, and its memory: the Go heap's live
// objects and, in the Worker, the size of the WebAssembly memory, which
// only grows. Never cached.
func (s *server) health(w http.ResponseWriter, r *http.Request) {
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(heap)
	memory := map[string]uint64{"go_heap_bytes": heap[0].Value.Uint64()}
	if n := wasmBytes(); n > 0 {
		memory["wasm_bytes"] = n
	}
	body, _ := json.Marshal(map[string]any{"status": "ok", "instance": instance(), "requests": served.Load(), "memory": memory})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}
