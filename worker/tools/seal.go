package tools

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
)

// sealedArg is the argument that carries a sealed value back.
const sealedArg = "sealed"

// A Sealer seals the secrets of a generation call (a wifi password, an
// OTP secret) into an opaque value that a later call gives back in their
// place: the chat's view (view.html) redraws a code in another style
// without ever holding its secret. A sealed value is AES-256-GCM under a
// key of the deployment's; its nonce is an HMAC of what it seals, so
// that the same call gives the same bytes (the service's answers are
// deterministic) at the cost of showing that two sealed values hold the
// same secrets. It holds no expiry: it opens wherever the key is the
// same, and the image it came with holds the secret anyway.
type Sealer struct {
	aead  cipher.AEAD
	nonce []byte // the HMAC key of the nonces
}

// NewSealer returns the Sealer of a secret (QR_SEAL_KEY; docs/mcp.md),
// or, for "", of a random key, which opens only what this process sealed.
func NewSealer(secret string) *Sealer {
	if secret == "" {
		secret = rand.Text()
	}
	root := sha256.Sum256([]byte("qrkeyless seal v1\x00" + secret))
	block, _ := aes.NewCipher(derive(root[:], "aes")) // a 32-byte key never fails
	aead, _ := cipher.NewGCM(block)
	return &Sealer{aead: aead, nonce: derive(root[:], "nonce")}
}

func derive(key []byte, use string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(use))
	return m.Sum(nil)
}

// sealPrefix starts every sealed value, naming its version.
const sealPrefix = "s1."

// Seal seals secrets, the query values of the call to path; path is
// bound in, so that a value sealed for one kind opens for no other.
func (s *Sealer) Seal(secrets url.Values, path string) string {
	plain := marshal(secrets) // a map marshals with sorted keys
	m := hmac.New(sha256.New, s.nonce)
	m.Write([]byte(path + "\x00"))
	m.Write(plain)
	nonce := m.Sum(nil)[:s.aead.NonceSize()]
	return sealPrefix + base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, []byte(path)))
}

// errSealed is every failure to open: it says nothing of why.
var errSealed = errors.New("sealed was not made by this service for this kind, or was changed")

// Open returns what Seal sealed for path.
func (s *Sealer) Open(sealed, path string) (url.Values, error) {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(sealed, sealPrefix))
	n := s.aead.NonceSize()
	if err != nil || !strings.HasPrefix(sealed, sealPrefix) || len(b) < n {
		return nil, errSealed
	}
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(path))
	var secrets url.Values
	if err != nil || json.Unmarshal(plain, &secrets) != nil {
		return nil, errSealed
	}
	return secrets, nil
}
