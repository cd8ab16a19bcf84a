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

// healthAnswer is the body of GET /api/v1/health (its OpenAPI schema is
// made from it).
type healthAnswer struct {
	Instance string `json:"instance" desc:"Which Go instance answered."`
	Memory   struct {
		GoHeap uint64 `json:"go_heap_bytes" desc:"Go's heap in use."`
		Wasm   uint64 `json:"wasm_bytes,omitempty" desc:"The WebAssembly memory's size; in the Worker only."`
	} `json:"memory"`
	Requests int64  `json:"requests" desc:"Requests this instance has served, this one included."`
	Status   string `json:"status" desc:"ok."`
}

// health answers GET /api/v1/health with the instance, how many requests
// it has served, itself included, and its memory: the Go heap's live
// objects and, in the Worker, the size of the WebAssembly memory, which
// only grows. Never cached.
func (s *server) health(w http.ResponseWriter, r *http.Request) {
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(heap)
	a := healthAnswer{Instance: instance(), Requests: served.Load(), Status: "ok"}
	a.Memory.GoHeap = heap[0].Value.Uint64()
	if s.Memory != nil {
		a.Memory.Wasm = s.Memory()
	}
	body, _ := json.Marshal(a)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}
