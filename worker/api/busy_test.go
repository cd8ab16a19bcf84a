package api

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// With every slot taken, a heavy request waits out the wait it was given
// and is told to retry; a light one is served.
func TestSlotsRefuseWhenBusy(t *testing.T) {
	slots := NewSlots(1, 20*time.Millisecond)
	h := New(Config{Slots: slots})
	release, ok := slots.acquire(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	if !ok {
		t.Fatal("the first slot was refused")
	}
	defer release()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/verify?data=hi", nil))
	var p struct{ Type, Fix string }
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || json.Unmarshal(w.Body.Bytes(), &p) != nil || !strings.HasSuffix(p.Type, "too-many-requests") || p.Fix == "" {
		t.Errorf("a heavy request with no slot free: %d, Retry-After %q, %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/qr?data=hi", nil))
	if w.Code != 200 {
		t.Errorf("a light request waited for a slot: %d %s", w.Code, w.Body)
	}
}
