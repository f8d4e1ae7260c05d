package clocktool

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/cmd/sample/internal/clockref"
)

// runClockText runs `sample clock args` on input and returns stdout, stderr
// and the exit status.
func runClockText(args []string, input string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(input), &out, &errb)
	return out.String(), errb.String(), code
}

func TestT23_IssueExample(t *testing.T) {
	got, stderr, code := runClockText(nil, "0 505000")
	want := `update 1 elapsed=0 total=0 slow=false
draw 1 elapsed=166667 total=0 slow=false left=0
update 2 elapsed=166667 total=0 slow=false
update 3 elapsed=166667 total=166667 slow=false
update 4 elapsed=166667 total=333334 slow=false
draw 2 elapsed=500001 total=500001 slow=false left=4999
# ticks=2 updates=4 draws=2
`
	if code != 0 || got != want {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, got, want)
	}
}

// TestT23_RandomTracesMatchTheReference checks the real scheduler, through
// the command, against clockref: an independent, literal implementation of
// the rules written separately, on random traces of integers and durations,
// in both modes and both profiles, at several targets.
func TestT23_RandomTracesMatchTheReference(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	type setting struct {
		args []string
		cfg  clockref.Config
	}
	var settings []setting
	for _, profile := range []string{"default", "xna"} {
		for _, variable := range []bool{false, true} {
			for _, tm := range [][2]int64{{0, 0}, {83333, 0}, {333333, 0}, {166667, 2_000_000}, {1_000_000, 1_000_000}} {
				args := []string{"-profile", profile}
				if variable {
					args = append(args, "-variable")
				}
				if tm[0] != 0 {
					args = append(args, "-target", fmt.Sprint(tm[0]))
				}
				if tm[1] != 0 {
					args = append(args, "-max", fmt.Sprint(tm[1]))
				}
				settings = append(settings, setting{args, clockref.Config{Variable: variable, Target: tm[0], Max: tm[1], Profile: profile}})
			}
		}
	}
	for _, st := range settings {
		for trial := range 15 {
			input := clockref.RandomTrace(rng, 1+rng.Intn(200))
			deltas, err := clockref.Parse(strings.NewReader(input))
			if err != nil {
				t.Fatalf("reference cannot parse its own trace: %v", err)
			}
			want, err := clockref.Transcript(st.cfg, deltas)
			if err != nil {
				t.Fatal(err)
			}
			got, stderr, code := runClockText(st.args, input)
			if code != 0 {
				t.Fatalf("%v trial %d: exit %d: %s", st.args, trial, code, stderr)
			}
			if got != want {
				t.Fatalf("%v trial %d differs from the reference at %s\ninput:\n%s", st.args, trial, firstDiff(got, want), input)
			}
		}
	}
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("length: got %d lines, want %d", len(g), len(w))
}

func TestT23_BadInputExitsTwoNamingLineAndToken(t *testing.T) {
	cases := []struct {
		args  []string
		input string
		msg   string
	}{
		{nil, "0\n10 foo\n", `line 2: token "foo"`},
		{nil, "# comment\n\n1ns", `line 3: token "1ns"`},
		{nil, "99999999999999999999", `integer out of range`},
		{[]string{"-target", "0"}, "0", "-target 0"},
		{[]string{"-target", "-5"}, "0", "must be positive"},
		{[]string{"-target", "5000001"}, "0", "above -max"},
		{[]string{"-max", "0"}, "0", "-max 0"},
		{[]string{"-profile", "mono"}, "0", "unknown profile"},
		{[]string{"-bogus"}, "0", "flag provided but not defined"},
		{[]string{"extra"}, "0", "unexpected argument"},
	}
	for _, c := range cases {
		out, stderr, code := runClockText(c.args, c.input)
		// Output streams: a bad trace keeps the lines before it, but no
		// summary; a bad flag prints nothing.
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Contains(out, "# ticks=") || (len(c.args) > 0 && out != "") {
			t.Errorf("%v %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, c.input, code, out, stderr, c.msg)
		}
	}
}

func TestT23_EdgeInputs(t *testing.T) {
	got, _, code := runClockText(nil, "")
	if code != 0 || got != "# ticks=0 updates=0 draws=0\n" {
		t.Fatalf("empty input: %d %q", code, got)
	}
	got, _, _ = runClockText([]string{"-profile", "xna"}, "")
	if got != "update 1 elapsed=0 total=0 slow=false\n# ticks=0 updates=1 draws=0\n" {
		t.Fatalf("xna empty input: %q", got)
	}
	// A huge delta prints as a 500 ms stall: 29 updates, then the clamp.
	got, _, _ = runClockText(nil, "0 9223372036854775807 -5 1s500ms")
	want, _ := clockref.Transcript(clockref.Config{}, []int64{0, 9223372036854775807, -5, 15_000_000})
	if got != want {
		t.Fatalf("extreme deltas: %s", firstDiff(got, want))
	}
	if _, _, code := runClockText([]string{"-h"}, ""); code != 0 {
		t.Fatal("-h is not an error")
	}
}

// TestT22_HugeMaxNeverNegatesElapsed is issue 13's report: with -max 2^62
// the replay's cap (twice -max) wrapped negative and the XNA profile
// printed a negative elapsed; in fixed step a Draw came without an Update.
func TestT22_HugeMaxNeverNegatesElapsed(t *testing.T) {
	for _, args := range [][]string{
		{"-profile", "xna", "-variable", "-max", "4611686018427387904"},
		{"-profile", "xna", "-max", "4611686018427387904"},
		{"-max", "4611686018427387904"},
		{"-variable", "-max", "9223372036854775807"},
	} {
		got, stderr, code := runClockText(args, "166667 500000")
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if strings.Contains(got, "=-") {
			t.Errorf("%v: negative time:\n%s", args, got)
		}
		if !strings.Contains(got, "elapsed=500000") && !strings.Contains(got, "left=166666") {
			t.Errorf("%v: the 500000-tick delta was lost:\n%s", args, got)
		}
		lines := strings.Split(got, "\n")
		if !strings.HasPrefix(lines[0], "update 1 ") || !strings.HasPrefix(lines[1], "update") && !strings.HasPrefix(lines[1], "draw") {
			t.Errorf("%v: transcript starts %q", args, lines[:2])
		}
		for i, l := range lines {
			if strings.HasPrefix(l, "draw 1 ") && !strings.HasPrefix(lines[i-1], "update") {
				t.Errorf("%v: the first draw does not follow an update:\n%s", args, got)
			}
		}
	}
}

// TestT9_HugeTargetIsRejectedNotAHang: `-target 2^63-1 -max 2^63-1` hung
// (a wait no Duration can end); it is now an error naming the limit, and
// the longest accepted target replays at once.
func TestT9_HugeTargetIsRejectedNotAHang(t *testing.T) {
	_, stderr, code := runClockText([]string{"-target", "9223372036854775807", "-max", "9223372036854775807"}, "1")
	if code != 2 || !strings.Contains(stderr, "-target 9223372036854775807") || !strings.Contains(stderr, "MaxTargetElapsedTime 92233720368547758") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	got, stderr, code := runClockText([]string{"-target", "92233720368547758", "-max", "9223372036854775807"}, "1")
	want := "update 1 elapsed=0 total=0 slow=false\ndraw 1 elapsed=92233720368547758 total=0 slow=false left=0\n# ticks=1 updates=1 draws=1\n"
	if code != 0 || got != want {
		t.Fatalf("exit %d, stderr %q, got:\n%s", code, stderr, got)
	}
}

// TestT23_TraceBeyondTheClocksRangeIsAnError: a trace whose time passes
// the virtual clock's range (about 292 years) is an error with its place,
// not a clock that wraps.
func TestT23_TraceBeyondTheClocksRangeIsAnError(t *testing.T) {
	_, stderr, code := runClockText([]string{"-variable", "-max", "9223372036854775807"}, "1\n50000000000000000\n50000000000000000\n")
	if code != 2 || !strings.Contains(stderr, "line 3") || !strings.Contains(stderr, "292 years") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
