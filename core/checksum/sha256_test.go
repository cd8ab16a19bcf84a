package checksum

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// sum256 is SHA-256: the standard library's answer for every length
// across the padding's edges (55, 56 and 64 bytes among them) and for
// random inputs.
func TestSum256(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if got, want := sum256(b), sha256.Sum256(b); got != want {
			t.Fatalf("%d bytes: %x, want %x", n, got, want)
		}
	}
}
