package game

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
)

// A script parses to presses ordered by frame; comments and blank lines
// are skipped.
func TestT21_GameInputScriptParses(t *testing.T) {
	got, err := parseInputScript(strings.NewReader("# replay\n120 F\n\n 5 esc # quit\n120 +\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []scriptedKey{{0, engine.Key0}, {5, engine.KeyEscape}, {120, engine.KeyF}, {120, engine.KeyEqual}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// A bad script is a bad flag value: exit 2 with the line named (W6).
func TestW6_GameBadInputScriptExit2(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{"10": "line 1", "x F": `frame "x"`, "-1 F": `frame "-1"`,
		"# ok\n10 Q": `line 2: key "Q"`, "1 F extra": "want FRAME KEY",
		"1 F\n" + strings.Repeat("\x00", 70000): "line 2 is longer than 65536 bytes"}
	for text, want := range cases {
		path := filepath.Join(dir, "script")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Run([]string{"-input", path}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), "-input") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", text, code, errb.String(), want)
		}
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"-input", filepath.Join(dir, "missing")}, &out, &errb); code != 2 {
		t.Errorf("missing script: exit %d, stderr %q; want 2", code, errb.String())
	}
}

// runDump runs the sample game to its end on the windowless platform and
// returns its -dump-state file.
func runDump(t *testing.T, script string, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	in, dump := filepath.Join(dir, "script"), filepath.Join(dir, "dump")
	if err := os.WriteFile(in, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	g, s, _ := newKeyGame(t, nil, append([]string{"-input", in, "-dump-state", dump}, args...)...)
	if err := g.Run(); err != nil || s.err != nil {
		t.Fatalf("run: %v, %v", err, s.err)
	}
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Two runs of the same script on the fixed-dt clock write identical dumps,
// with interval switches, a step toggle, rate changes, pauses and loads in
// the script; and the dump shows what the script did (T21): the balls'
// full-precision state, the pause and the cube's GameClock.
func TestT21_GameReplayDumpsAreIdentical(t *testing.T) {
	script := "30 0\n60 F\n90 F\n100 +\n120 P\n150 2\n180 P\n200 R\n220 L\n250 -\n250 -\n300 L\n400 P\n"
	a := runDump(t, script, "-frames", "600")
	b := runDump(t, script, "-frames", "600")
	if a != b {
		t.Fatalf("dumps differ:\n%s\n---\n%s", a, b)
	}
	// 60 Hz, + at 100 (75 Hz), - twice at 250: both presses act (50 Hz).
	for _, want := range []string{"draws 600\n", "swap_interval 2\n", "fixed_step true\n", "hz 50\n",
		"script_presses_done 13\n", "target_elapsed_time 200000\n", "paused true\n", "loads 2\n",
		"game_clock_lock_depth 1\n", "game_clock_save_depth 1\n", "ball_interpolated_vy ", "ball_latest_prev_y "} {
		if !strings.Contains(a, want) {
			t.Errorf("dump lacks %q:\n%s", want, a)
		}
	}
	checkDumpFloats(t, a)
	if c := runDump(t, "30 0\n60 F\n", "-frames", "600"); c == a {
		t.Error("a different script gave the same dump")
	}
}

// checkDumpFloats checks that every ball value of a dump reads back as a
// float64 that formats to the same text (full precision, 'g' -1).
func checkDumpFloats(t *testing.T, dump string) {
	t.Helper()
	n := 0
	for line := range strings.Lines(dump) {
		name, val, _ := strings.Cut(strings.TrimSpace(line), " ")
		if !strings.HasPrefix(name, "ball_") {
			continue
		}
		n++
		f, err := strconv.ParseFloat(val, 64)
		if err != nil || exact(f) != val {
			t.Errorf("%s %q does not read back exactly (%v, %v)", name, val, f, err)
		}
	}
	if n != 8 {
		t.Errorf("%d ball values in the dump, want 8", n)
	}
}

// writeScript writes an -input script and returns its path.
func writeScript(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "script")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestScriptDuplicatePressesAreKept: two presses of one key in
// one -input frame stay two presses: the script keeps both lines, the
// injector turns them into two press/release event pairs in script order,
// and the game acts on each in that order (they collapsed into one press,
// and keys of one frame acted in the key table's order, not the script's).
func TestScriptDuplicatePressesAreKept(t *testing.T) {
	keys, err := parseInputScript(strings.NewReader("3 F\n3 2\n3 F\n3 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	in := injector{script: keys}
	in.advance(3)
	var want []engine.PlatformEvent
	for _, k := range []engine.Key{engine.KeyF, engine.Key2, engine.KeyF, engine.Key0} {
		want = append(want, key(k, engine.Press), key(k, engine.Release))
	}
	if got := in.events(); !slices.Equal(got, want) {
		t.Fatalf("events %+v, want %+v", got, want)
	}

	g, s, p := newKeyGame(t, nil, "-input", writeScript(t, "3 F\n3 +\n3 F\n3 2\n3 +\n3 0\n"))
	for range 8 {
		tick(t, g, 1)
	}
	if s.inj.next != 6 {
		t.Fatalf("%d presses done, want 6", s.inj.next)
	}
	if !g.IsFixedTimeStep() {
		t.Error("F twice in one frame left variable step: one press was lost")
	}
	if s.hz != 90 {
		t.Errorf("+ twice in one frame: %v Hz, want 90 (60, 75, 90)", s.hz)
	}
	if s.interval != 0 || p.rend.swaps[len(p.rend.swaps)-1] != 0 {
		t.Errorf("2 then 0 in one frame: interval %d (renderer %v), want 0: the script's order", s.interval, p.rend.swaps)
	}
}

// TestScriptPressesBeyondOneUpdateWait: more presses for one frame
// than one update takes (maxInjected) act in the next update, none lost.
func TestScriptPressesBeyondOneUpdateWait(t *testing.T) {
	var b strings.Builder
	for range maxInjected + 3 {
		b.WriteString("2 +\n")
	}
	g, s, _ := newKeyGame(t, nil, "-input", writeScript(t, b.String()))
	for range 8 {
		tick(t, g, 1)
	}
	hz := 60.0
	for range maxInjected + 3 {
		hz, _ = nextRate(hz, true)
	}
	if s.inj.next != maxInjected+3 || s.hz != hz {
		t.Fatalf("%d presses done, %v Hz; want %d and %v Hz", s.inj.next, s.hz, maxInjected+3, hz)
	}
}
