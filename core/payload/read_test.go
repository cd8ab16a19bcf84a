package payload

import (
	"reflect"
	"testing"
)

// TestReaders holds the reader tables (read.go) to the registry: every
// kind has a reader and no name outside the registry has one, and the
// secret readers are exactly the kinds with a secret field, each the
// kind's own reader (so that redaction reads a text as decode does).
func TestReaders(t *testing.T) {
	for _, k := range All() {
		read := readerOf(k.Name)
		if read == nil {
			t.Errorf("%s: no reader in readerOf", k.Name)
			continue
		}
		secret := false
		for _, fd := range k.Fields {
			secret = secret || fd.Secret
		}
		sr := secretReaderOf(k.Name)
		switch {
		case secret && sr == nil:
			t.Errorf("%s has a secret field but no reader in secretReaderOf: its secrets would not be redacted", k.Name)
		case !secret && sr != nil:
			t.Errorf("%s has no secret field but a reader in secretReaderOf", k.Name)
		case secret && reflect.ValueOf(sr).Pointer() != reflect.ValueOf(read).Pointer():
			t.Errorf("%s: secretReaderOf and readerOf give different readers", k.Name)
		}
	}
	for _, name := range []string{"", "nope", "WIFI"} {
		if readerOf(name) != nil || secretReaderOf(name) != nil {
			t.Errorf("%q: a reader for a name that is not a kind", name)
		}
	}
}
