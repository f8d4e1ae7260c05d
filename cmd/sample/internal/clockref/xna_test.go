package clockref

import (
	"strconv"
	"testing"
)

// TestT22_MeasuredXNAValues pins the values measured on XNA 4.0: fixed-step
// updates 1, 2, 3 see elapsed 0, 166667, 166667 and total 0, 0, 166667;
// update 4 sees total 333334.
func TestT22_MeasuredXNAValues(t *testing.T) {
	got, _ := run(t, xnaFixedCfg, "166667 16.6667ms 166667")
	want := `update 1 elapsed=0 total=0 slow=false
update 2 elapsed=166667 total=0 slow=false
draw 1 elapsed=166667 total=166667 slow=false left=0
update 3 elapsed=166667 total=166667 slow=false
draw 2 elapsed=166667 total=333334 slow=false left=0
update 4 elapsed=166667 total=333334 slow=false
draw 3 elapsed=166667 total=500001 slow=false left=0
# ticks=3 updates=4 draws=3
`
	if got != want {
		t.Errorf("got:\n%s want:\n%s", got, want)
	}
}

// TestT22_PrimingOnEmptyInput checks the priming update with no ticks.
func TestT22_PrimingOnEmptyInput(t *testing.T) {
	for _, v := range []bool{false, true} {
		got, _ := run(t, Config{Profile: "xna", Variable: v}, "")
		want := "update 1 elapsed=0 total=0 slow=false\n# ticks=0 updates=1 draws=0\n"
		if got != want {
			t.Errorf("variable=%t: got %q, want %q", v, got, want)
		}
	}
}

// TestT22_VariableStepTotals checks total[i] = total[i-1] + elapsed[i-1] with
// total[1] = 0, the per-frame clamp, and that nothing waits or snaps.
func TestT22_VariableStepTotals(t *testing.T) {
	_, ls := run(t, Config{Profile: "xna", Variable: true}, "164064 100 10s 0 -3")
	ups := of(ls, "update")
	wantE := []int64{0, 164064, 100, 5000000, 0, 0}
	for i, u := range ups {
		wantT := int64(0)
		if i > 0 {
			wantT = ups[i-1].total + ups[i-1].elapsed
		}
		if u.elapsed != wantE[i] || u.total != wantT || u.slow {
			t.Errorf("update %d: %+v, want elapsed %d total %d", u.n, u, wantE[i], wantT)
		}
	}
	for _, d := range of(ls, "draw") {
		if d.left != 0 || d.slow || d.total != ups[d.n].total+d.elapsed || d.elapsed != ups[d.n].elapsed {
			t.Errorf("draw %d: %+v", d.n, d)
		}
	}
}

// TestT22_SnapBoundary checks that the snap is strict: a difference of exactly
// target>>6 = 2604 ticks does not snap, 2603 does.
func TestT22_SnapBoundary(t *testing.T) {
	cases := []struct {
		delta       int64
		draws, left int64
	}{
		{DefaultTarget - 2603, 1, 0},    // snaps up to one step
		{DefaultTarget - 2604, 0, 0},    // no snap: zero steps, nothing printed
		{DefaultTarget + 2603, 1, 0},    // snaps down
		{DefaultTarget + 2604, 1, 2604}, // no snap: remainder stays
		{DefaultTarget + 2605, 1, 2605},
		{DefaultTarget - 1, 1, 0},
	}
	for _, c := range cases {
		_, ls := run(t, xnaFixedCfg, strconv.FormatInt(c.delta, 10))
		draws := of(ls, "draw")
		if int64(len(draws)) != c.draws {
			t.Errorf("delta %d: %d draws, want %d", c.delta, len(draws), c.draws)
			continue
		}
		if c.draws == 1 && (draws[0].left != c.left || draws[0].elapsed != DefaultTarget) {
			t.Errorf("delta %d: draw %+v, want elapsed %d left %d", c.delta, draws[0], DefaultTarget, c.left)
		}
	}
}

// TestT22_ZeroStepTickKeepsTime checks that a zero-step tick prints nothing,
// changes nothing and leaves its time to the next tick, where the snap applies
// to the pending-included elapsed.
func TestT22_ZeroStepTickKeepsTime(t *testing.T) {
	got, _ := run(t, xnaFixedCfg, "100000 50000 14064 100000 -7 0 100000")
	want := `update 1 elapsed=0 total=0 slow=false
update 2 elapsed=166667 total=0 slow=false
draw 1 elapsed=166667 total=166667 slow=false left=0
update 3 elapsed=166667 total=166667 slow=false
draw 2 elapsed=166667 total=333334 slow=false left=33333
# ticks=7 updates=3 draws=2
`
	// 100000+50000+14064 = 164064 snaps to one step (left 0); then
	// 100000+0+0+100000 = 200000 -> one step, 33333 left.
	if got != want {
		t.Errorf("got:\n%s want:\n%s", got, want)
	}
}

// TestT22_PerFrameClamp checks that XNA clamps each frame's elapsed, not the
// accumulator, so the remainder adds to a clamped stall.
func TestT22_PerFrameClamp(t *testing.T) {
	_, ls := run(t, xnaFixedCfg, "10s 10s")
	draws := of(ls, "draw")
	if draws[0].elapsed != 29*DefaultTarget || draws[0].left != 166657 {
		t.Errorf("first stall: %+v, want 29 steps, left 166657", draws[0])
	}
	if draws[1].elapsed != 30*DefaultTarget || draws[1].left != 166647 {
		t.Errorf("second stall: %+v, want 30 steps, left 166647", draws[1])
	}
	// The default profile clamps the accumulator: 29 steps again.
	_, dl := run(t, Config{}, "10s 10s")
	if d := of(dl, "draw")[1]; d.elapsed != 29*DefaultTarget {
		t.Errorf("default profile second stall: %+v, want 29 steps", d)
	}
}

// slowOfTicks returns the slow flag of every draw and checks that each
// update of a tick sees the same value as its draw.
func slowOfTicks(t *testing.T, input string) []bool {
	t.Helper()
	_, ls := run(t, xnaFixedCfg, input)
	var flags []bool
	var pending []line
	for _, l := range ls[1:] { // skip the priming update
		switch l.kind {
		case "update":
			pending = append(pending, l)
		case "draw":
			for _, u := range pending {
				if u.slow != l.slow {
					t.Errorf("update %d slow=%t but its draw %d slow=%t", u.n, u.slow, l.n, l.slow)
				}
			}
			pending = nil
			flags = append(flags, l.slow)
		}
	}
	return flags
}

// TestT22_TwentyRule pins XNA's IsRunningSlowly: one long multi-step tick alone
// never sets it; two multi-step ticks with 19 single-step ticks between them
// do, with 20 between they do not.
func TestT22_TwentyRule(t *testing.T) {
	for i, f := range slowOfTicks(t, "10s "+repeat("166667", 30)+"10s "+repeat("166667", 5)) {
		if f {
			t.Errorf("long ticks 31 apart: draw %d slow", i+1)
		}
	}
	flags := slowOfTicks(t, "333334 "+repeat("166667", 19)+"333334 "+repeat("166667", 25))
	for i, f := range flags {
		// Draw 21 is the second multi-step tick: u2 = 19 < 20, slow. The next
		// single-step tick makes u2 = 20: not slow any more.
		want := i == 20
		if f != want {
			t.Errorf("19 between: draw %d slow=%t, want %t", i+1, f, want)
		}
	}
	for i, f := range slowOfTicks(t, "333334 "+repeat("166667", 20)+"333334 "+repeat("166667", 3)) {
		if f {
			t.Errorf("20 between: draw %d slow", i+1)
		}
	}
	// Three multi-step ticks close together: u2 stays small for a while.
	flags = slowOfTicks(t, "333334 333334 333334 "+repeat("166667", 20))
	for i, f := range flags {
		// Draw 2: u2 = 0 (the first multi-step tick set u1 = 0). Draw 3: u2 = 0.
		// Then single steps: u2 = 1..20, slow while u2 < 20, i.e. 19 more draws.
		want := i >= 1 && i <= 21
		if f != want {
			t.Errorf("burst: draw %d slow=%t, want %t", i+1, f, want)
		}
	}
}
