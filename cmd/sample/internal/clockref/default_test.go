package clockref

import (
	"strings"
	"testing"
)

// TestT23_IssueExample pins the example of issue 2, section 3, line for line.
func TestT23_IssueExample(t *testing.T) {
	want := `update 1 elapsed=0 total=0 slow=false
draw 1 elapsed=166667 total=0 slow=false left=0
update 2 elapsed=166667 total=0 slow=false
update 3 elapsed=166667 total=166667 slow=false
update 4 elapsed=166667 total=333334 slow=false
draw 2 elapsed=500001 total=500001 slow=false left=4999
# ticks=2 updates=4 draws=2
`
	for _, in := range []string{"0 505000", "0 50.5ms\n", "# c\n\n0   # first\n 50ms500us"} {
		got, _ := run(t, Config{}, in)
		if got != want {
			t.Errorf("input %q:\n got:\n%s want:\n%s", in, got, want)
		}
	}
}

// TestT23_EmptyInput checks that no tick prints only the summary.
func TestT23_EmptyInput(t *testing.T) {
	for _, cfg := range []Config{{}, {Variable: true}} {
		got, _ := run(t, cfg, "# nothing\n\n")
		if want := "# ticks=0 updates=0 draws=0\n"; got != want {
			t.Errorf("%+v: got %q, want %q", cfg, got, want)
		}
	}
}

// TestT23_ShortTickWaitsForOneStep checks the virtual wait: a tick that leaves
// less than one step runs exactly one step and leaves nothing.
func TestT23_ShortTickWaitsForOneStep(t *testing.T) {
	_, ls := run(t, Config{}, "0 1 100000 -5 166666")
	for _, d := range of(ls, "draw") {
		if d.elapsed != DefaultTarget || d.left != 0 {
			t.Errorf("draw %d: elapsed %d left %d, want %d and 0", d.n, d.elapsed, d.left, DefaultTarget)
		}
	}
	if u := of(ls, "update"); len(u) != 5 || u[4].total != 3*DefaultTarget {
		t.Errorf("updates %+v: want 5, the last at total %d", u, 3*DefaultTarget)
	}
}

// TestT9_WorkedNumbers pins 50.5 ms -> 3 updates, draw 500001, and exactly
// 50.0 ms -> 2 updates with 166666 ticks carried.
func TestT9_WorkedNumbers(t *testing.T) {
	cases := []struct {
		in                  string
		updates, elapsed, l int64
	}{
		{"0 50.5ms", 3, 500001, 4999},
		{"0 50ms", 2, 333334, 166666},
	}
	for _, c := range cases {
		_, ls := run(t, Config{}, c.in)
		d := of(ls, "draw")[1]
		sum := ls[len(ls)-1]
		if got := sum.updates - 1; got != c.updates || d.elapsed != c.elapsed || d.left != c.l {
			t.Errorf("%q: %d updates, draw elapsed %d left %d; want %d, %d, %d", c.in, got, d.elapsed, d.left, c.updates, c.elapsed, c.l)
		}
	}
}

// TestT9_StallRunsAtMost29Updates checks the 500 ms clamp at the default target.
func TestT9_StallRunsAtMost29Updates(t *testing.T) {
	for _, in := range []string{"0 500ms", "0 10s", "0 5000000", "0 9223372036854775807"} {
		_, ls := run(t, Config{}, in)
		d := of(ls, "draw")[1]
		if d.elapsed != 29*DefaultTarget || d.left != DefaultMax-29*DefaultTarget {
			t.Errorf("%q: draw %+v, want elapsed %d left %d", in, d, 29*DefaultTarget, DefaultMax-29*DefaultTarget)
		}
		if n := len(of(ls, "update")); n != 30 {
			t.Errorf("%q: %d updates, want 1+29", in, n)
		}
	}
}

// TestT9_BadConfig checks that a target of zero or less, or above max, is an error.
func TestT9_BadConfig(t *testing.T) {
	for _, cfg := range []Config{{Target: -1}, {Target: 5000001}, {Target: 10, Max: 9}, {Max: -1}, {Profile: "cna"}} {
		if _, err := Transcript(cfg, []int64{1}); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	if _, err := Transcript(Config{Target: 5000000}, nil); err != nil {
		t.Errorf("target == max: %v", err)
	}
}

// TestT10_StallHysteresis pins T10: after a 500 ms stall the stall tick's draw
// reads slow, the next 28 single-step ticks stay slow, the 29th clears it.
func TestT10_StallHysteresis(t *testing.T) {
	_, ls := run(t, Config{}, "0 500ms "+repeat("166667", 40))
	draws := of(ls, "draw")
	for i, d := range draws {
		wantSlow := i >= 1 && i <= 29 // draw index 1 is the stall tick
		if d.slow != wantSlow {
			t.Errorf("draw %d slow=%t, want %t", d.n, d.slow, wantSlow)
		}
		if i >= 2 && d.elapsed != DefaultTarget {
			t.Fatalf("draw %d elapsed %d: want single-step ticks", d.n, d.elapsed)
		}
	}
	// Updates see the value as it was before their tick.
	ups := of(ls, "update")
	for i, u := range ups {
		wantSlow := i >= 30 && i <= 58 // updates 31.. belong to the ticks after the stall
		if u.slow != wantSlow {
			t.Errorf("update %d slow=%t, want %t", u.n, u.slow, wantSlow)
		}
	}
}

// TestT10_FiveExtraStepsSetSlow checks the threshold on accumulated extra steps.
func TestT10_FiveExtraStepsSetSlow(t *testing.T) {
	_, ls := run(t, Config{}, "0 50ms 50ms 50ms 50ms 50ms")
	var got []bool
	for _, d := range of(ls, "draw") {
		got = append(got, d.slow)
	}
	// Steps per tick: 1, 2 (166666 carried), then 3 each (500000+166666 >= 500001):
	// lag 0, 1, 3, 5 -> slow from the 4th draw, and it stays (lag never falls).
	want := []bool{false, false, false, true, true, true}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("draw slow flags %v, want %v", got, want)
		}
	}
}

// TestT7_FirstUpdateZeroTotalBefore checks T7 over steady single steps.
func TestT7_FirstUpdateZeroTotalBefore(t *testing.T) {
	_, ls := run(t, Config{}, repeat("166667", 4))
	ups := of(ls, "update")
	wantE := []int64{0, 166667, 166667, 166667}
	wantT := []int64{0, 0, 166667, 333334}
	for i, u := range ups {
		if u.elapsed != wantE[i] || u.total != wantT[i] {
			t.Errorf("update %d: elapsed %d total %d, want %d %d", u.n, u.elapsed, u.total, wantE[i], wantT[i])
		}
	}
}

// TestT13_VariableStep checks variable step: one update with the whole clamped
// delta, no zero first update, slow false, left 0.
func TestT13_VariableStep(t *testing.T) {
	got, _ := run(t, Config{Variable: true}, "16ms 10s -5 0 1")
	want := `update 1 elapsed=160000 total=0 slow=false
draw 1 elapsed=160000 total=160000 slow=false left=0
update 2 elapsed=5000000 total=160000 slow=false
draw 2 elapsed=5000000 total=5160000 slow=false left=0
update 3 elapsed=0 total=5160000 slow=false
draw 3 elapsed=0 total=5160000 slow=false left=0
update 4 elapsed=0 total=5160000 slow=false
draw 4 elapsed=0 total=5160000 slow=false left=0
update 5 elapsed=1 total=5160000 slow=false
draw 5 elapsed=1 total=5160001 slow=false left=0
# ticks=5 updates=5 draws=5
`
	if got != want {
		t.Errorf("got:\n%s want:\n%s", got, want)
	}
}

// TestT23_NegativeCountsAsZero checks that a negative delta equals a zero one.
func TestT23_NegativeCountsAsZero(t *testing.T) {
	for _, cfg := range []Config{{}, {Variable: true}, {Profile: "xna"}, {Profile: "xna", Variable: true}} {
		a, _ := run(t, cfg, "0 -500 100000 -1s 300000")
		b, _ := run(t, cfg, "0 0 100000 0 300000")
		if a != b {
			t.Errorf("%+v: negative deltas differ from zero:\n%s\n%s", cfg, a, b)
		}
	}
}

// TestT23_CustomTarget checks a non-default target and max.
func TestT23_CustomTarget(t *testing.T) {
	got, _ := run(t, Config{Target: 100, Max: 250}, "0 1000 30")
	want := strings.Join([]string{
		"update 1 elapsed=0 total=0 slow=false",
		"draw 1 elapsed=100 total=0 slow=false left=0",
		"update 2 elapsed=100 total=0 slow=false",
		"update 3 elapsed=100 total=100 slow=false",
		"draw 2 elapsed=200 total=200 slow=false left=50",
		"update 4 elapsed=100 total=200 slow=false",
		"draw 3 elapsed=100 total=300 slow=false left=0",
		"# ticks=3 updates=4 draws=3",
	}, "\n") + "\n"
	if got != want {
		t.Errorf("got:\n%s want:\n%s", got, want)
	}
}
