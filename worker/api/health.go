package api

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync/atomic"
)

// instance identifies this running program; with the request counter it
// shows whether the Worker reuses one Go instance across requests.
var (
	instance = newInstanceID()
	served   atomic.Int64
)

func newInstanceID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// health answers GET /api/v1/health with the instance and how many requests
// it has served, itself included. Never cached.
func (s *server) health(w http.ResponseWriter, r *http.Request) {
	body, _ := json.Marshal(map[string]any{"status": "ok", "instance": instance, "requests": served.Load()})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}
