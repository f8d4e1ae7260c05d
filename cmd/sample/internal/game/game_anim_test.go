package game

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// animatedModel is a committed skinned model (scripts/genmodels).
func animatedModel(name string) string {
	return filepath.Join("..", "..", "..", "..", "engine", "graphics", "testdata", "animated", name+".glb")
}

// TestK3_SampleAnimFlagsAreChecked: -anim and -anim-time are refused with
// a line saying what to change when they cannot apply.
func TestK3_SampleAnimFlagsAreChecked(t *testing.T) {
	chain := animatedModel("chain")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-anim", "1"}, "give -model FILE"},
		{[]string{"-anim-time", "1s"}, "give -model FILE"},
		{[]string{"-model", chain, "-anim", "2"}, "has 2 animations"},
		{[]string{"-model", chain, "-anim", "-1"}, "want an animation index"},
		{[]string{"-model", chain, "-anim-time", "-1s"}, "a duration of 0 or more"},
		{[]string{"-model", chain, "-anim-time", "soon"}, "a duration of 0 or more"},
	}
	for _, c := range cases {
		if _, err := parseGameFlags(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error saying %q", c.args, err, c.want)
		}
	}
	opt, err := parseGameFlags([]string{"-model", chain, "-anim", "1", "-anim-time", "0.5s"})
	if err != nil || opt.anim.clip != 1 || !opt.anim.hold || opt.anim.at.Seconds() != 0.5 {
		t.Errorf("-anim 1 -anim-time 0.5s: %+v, %v", opt.anim, err)
	}
}

// playSample plays the sample with args on the real stack and returns its
// stderr; it skips where the stack is missing.
func playSample(t *testing.T, args ...string) {
	t.Helper()
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
	opt, err := parseGameFlags(args)
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	desktop.Do(func() { err = playGame(opt, &errb) })
	if err != nil && windowtest.StackMissing(err, noDriver...) {
		windowtest.SkipOrFail(t, "real stack missing", err)
	}
	if err != nil || errb.Len() != 0 {
		t.Fatalf("game %q: %v; stderr %q", args, err, errb.String())
	}
}

// TestK5_SamplePoseDependsOnGameTimeOnly: -anim-time T gives the same
// picture twice and another T another picture; two runs' dumps are
// identical, and the pose checksum is the same at intervals 0, 1 and 2.
func TestK5_SamplePoseDependsOnGameTimeOnly(t *testing.T) {
	dir := t.TempDir()
	shot := func(name, at string) []byte {
		file := filepath.Join(dir, name)
		playSample(t, "-model", animatedModel("cylinder"), "-anim", "0", "-anim-time", at, "-hud=false", "-fixed-dt", "16.6667ms",
			"-frames", "30", "-size", "320x240", "-screenshot", file, "-validation")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b, c := shot("a.png", "0.5s"), shot("b.png", "0.5s"), shot("c.png", "1s")
	if !bytes.Equal(a, b) {
		t.Error("two runs at -anim-time 0.5s gave different pictures")
	}
	if bytes.Equal(a, c) {
		t.Error("-anim-time 0.5s and 1s gave the same picture")
	}
	checksum := func(name string, interval string) string {
		file := filepath.Join(dir, name)
		playSample(t, "-model", animatedModel("chain"), "-fixed-dt", "16.6667ms", "-frames", "120", "-size", "320x240",
			"-interval", interval, "-dump-state", file)
		d, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(d), "\n") {
			if v, ok := strings.CutPrefix(l, "pose_checksum "); ok {
				return v
			}
		}
		t.Fatalf("%s has no pose_checksum line", name)
		return ""
	}
	sums := []string{checksum("d0", "0"), checksum("d1", "1"), checksum("d2", "2"), checksum("d1b", "1")}
	if sums[0] == "0000000000000000" || sums[0] != sums[1] || sums[1] != sums[2] || sums[1] != sums[3] {
		t.Errorf("pose checksums at intervals 0, 1, 2 and 1 again: %q; want one non-zero value", sums)
	}
	d1, _ := os.ReadFile(filepath.Join(dir, "d1"))
	d1b, _ := os.ReadFile(filepath.Join(dir, "d1b"))
	if !bytes.Equal(d1, d1b) {
		t.Errorf("two runs' dumps differ:\n%s\n%s", d1, d1b)
	}
}
