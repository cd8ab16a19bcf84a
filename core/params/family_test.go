package params

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"qrkeyless/core/problem"
	"qrkeyless/core/qr"
)

func familyCall(q string) (Family, string) {
	v, _ := url.ParseQuery(q)
	f, p := ReadFamily(problem.Call{Path: "/api/v1/qr", Query: v})
	if p != nil {
		return f, fmt.Sprint(p.Status) + " " + p.Field + ": " + p.Detail + " | " + p.Fix
	}
	return f, ""
}

func TestReadFamily(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want Family
	}{
		{"data=x", Family{Symbol: qr.QR, Mask: -1, Level: qr.M}},
		{"symbol=micro", Family{Symbol: qr.Micro, Mask: -1, Level: qr.M}},
		{"symbol=micro&version=M1", Family{Symbol: qr.Micro, Version: 1, Mask: -1, Level: qr.DetectOnly}},
		{"symbol=micro&version=m2&ec=l&mask=3", Family{Symbol: qr.Micro, Version: 2, Mask: 3, Level: qr.L}},
		{"symbol=micro&version=M4&ec=Q", Family{Symbol: qr.Micro, Version: 4, Mask: -1, Level: qr.Q}},
		{"symbol=rmqr", Family{Symbol: qr.RMQR, Mask: -1, Level: qr.M}},
		{"symbol=RMQR&version=R11x43&ec=H", Family{Symbol: qr.RMQR, Version: 12, Mask: -1, Level: qr.H}},
		{"symbol=rmqr&rmqr_height=9", Family{Symbol: qr.RMQR, Height: 9, Mask: -1, Level: qr.M}},
		{"parts=3", Family{Symbol: qr.QR, Parts: 3, Mask: -1, Level: qr.M}},
		{"parts=16&parts_layout=grid", Family{Symbol: qr.QR, Parts: 16, Grid: true, Mask: -1, Level: qr.M}},
	} {
		f, p := familyCall(tc.q)
		if p != "" || f != tc.want {
			t.Errorf("%s: %+v %s, want %+v", tc.q, f, p, tc.want)
		}
	}
}

func TestReadFamilyProblems(t *testing.T) {
	for _, tc := range []struct {
		q, field, fix string // fix: a part of the fix
	}{
		{"symbol=aztec", "symbol", "symbol="},
		{"symbol=micro&ec=H", "ec", "ec=Q"},
		{"symbol=micro&version=M2&ec=Q", "ec", "ec=M"},
		{"symbol=micro&version=M1&ec=L", "ec", "ec=none"},
		{"symbol=rmqr&ec=L", "ec", "ec=H"},
		{"symbol=rmqr&ec=Q", "ec", "ec=H"},
		{"symbol=rmqr&mask=1", "mask", "/api/v1/qr?symbol=rmqr"},
		{"symbol=micro&mask=5", "mask", "mask=0"},
		{"symbol=micro&version=7", "version", "version=M1"},
		{"symbol=rmqr&version=M2", "version", "version=R7x43"},
		{"symbol=rmqr&version=R7x45", "version", "version=R7x43"},
		{"rmqr_height=7", "rmqr_height", "symbol=rmqr"},
		{"symbol=rmqr&rmqr_height=8", "rmqr_height", "rmqr_height=9"},
		{"symbol=rmqr&rmqr_height=9&version=R11x43", "rmqr_height", "version=R11x43"},
		{"symbol=micro&parts=2", "parts", "symbol=qr"},
		{"parts=1", "parts", "parts=2"},
		{"parts=17", "parts", "parts=16"},
		{"parts_layout=grid", "parts_layout", "/api/v1/qr"},
		{"parts=2&parts_layout=tiles", "parts_layout", "parts_layout=row"},
	} {
		_, p := familyCall(tc.q)
		if p == "" || !strings.HasPrefix(p, "400 "+tc.field+":") || !strings.Contains(p[strings.Index(p, "|"):], tc.fix) {
			t.Errorf("%s: %q; want a 400 on %s whose fix has %q", tc.q, p, tc.field, tc.fix)
		}
	}
}
