package payload

import (
	"testing"

	"qrkeyless/core/qr"
)

func TestSymbolsEncode(t *testing.T) {
	// A Symbol the encoder refuses would fail every request of its kind.
	for _, k := range All() {
		s := k.Symbol
		l := qr.M
		if s.EC != "" {
			var ok bool
			if l, ok = qr.ParseLevel(s.EC); !ok {
				t.Errorf("%s: EC %q is not L, M, Q or H", k.Name, s.EC)
				continue
			}
		}
		e := qr.Encoder{Level: l, MinVersion: s.MinVersion, MaxVersion: s.MaxVersion, ECI: s.ECI}
		if _, err := e.Encode("x"); err != nil {
			t.Errorf("%s: %v", k.Name, err)
		}
	}
}
