package budget

import (
	"testing"
	"time"
)

// TestPlan: on a plan, drawing and reading are charged to its CPU at
// their rates and refused, charging nothing, when they would pass it;
// without one only the service's own bounds hold.
func TestPlan(t *testing.T) {
	plan := 10 * time.Millisecond
	left := int64(plan) - FloorCPU
	tests := []struct {
		name         string
		plan         time.Duration
		d            Drawing
		ok, byPlan   bool
		wantCPUAfter int64 // CPU.Used after Draws
	}{
		{"no plan, heavy", 0, Drawing{Ns: DrawNs / 2, Pixels: 1 << 24}, true, false, 0},
		{"no plan, over the draw bound", 0, Drawing{Ns: DrawNs + 1}, false, false, 0},
		{"plan, a plain code", plan, Drawing{Ns: 300_000, Pixels: 512 * 512}, true, false, 300_000*DrawCPU + 512*512*PixelCPU},
		{"plan, all of it", plan, Drawing{Ns: left / DrawCPU}, true, false, left},
		{"plan, one pixel over", plan, Drawing{Ns: left / DrawCPU, Pixels: 1}, false, true, 0},
		{"plan, over both", plan, Drawing{Ns: DrawNs + 1}, false, false, 0},
	}
	for _, tt := range tests {
		b := Within(tt.plan)
		if ok, byPlan := b.Draws(tt.d); ok != tt.ok || byPlan != tt.byPlan {
			t.Errorf("%s: Draws = %v, %v; want %v, %v", tt.name, ok, byPlan, tt.ok, tt.byPlan)
		}
		if b.CPU.Used != tt.wantCPUAfter || !tt.ok && b.Draw.Used != 0 {
			t.Errorf("%s: charged cpu %d, draw %d; want cpu %d", tt.name, b.CPU.Used, b.Draw.Used, tt.wantCPUAfter)
		}
	}
}

// TestReading: a picture's decode work is charged to the plan only once
// Reading ties it there, and the search learns that it is the plan that
// ends it.
func TestReading(t *testing.T) {
	b := Within(10 * time.Millisecond)
	n := b.CPU.Limit / DecodeCPU
	if !b.Decode.Charge(n+1) || b.CPU.Used != 0 {
		t.Fatalf("before Reading, decode work charged the plan %d", b.CPU.Used)
	}
	b = Within(10 * time.Millisecond)
	b.Reading()
	if !b.Decode.ByPlan(n+1) || b.Decode.ByPlan(n) || !b.Decode.Charge(n) || b.Decode.Charge(1) {
		t.Errorf("after Reading: %d pixels fit, not one more (used %d of %d)", n, b.CPU.Used, b.CPU.Limit)
	}
	if got := b.Decode.Left(); got != 0 {
		t.Errorf("Left = %d once the plan is spent", got)
	}
}

// TestParseCPU: QR_CPU_MS in whole milliseconds, 0 for no limit, the
// default when unset, and an error that says the form otherwise.
func TestParseCPU(t *testing.T) {
	tests := []struct {
		v    string
		want time.Duration
		err  bool
	}{
		{"", FreePlanCPU, false},
		{"10", 10 * time.Millisecond, false},
		{"0", 0, false},
		{"30000", 30 * time.Second, false},
		{"300001", FreePlanCPU, true},
		{"-1", FreePlanCPU, true},
		{"10ms", FreePlanCPU, true},
	}
	for _, tt := range tests {
		got, err := ParseCPU(tt.v, FreePlanCPU)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseCPU(%q) = %v, %v; want %v, error %v", tt.v, got, err, tt.want, tt.err)
		}
	}
}
