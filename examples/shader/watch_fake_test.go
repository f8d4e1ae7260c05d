package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/enginetest"
)

// TestWatchRecompilesTheSavedWGSL runs the demo with -watch on the fake
// platform: the WGSL files are written into the empty folder from the
// built-in sources and the effects load from them; a plasma.wgsl saved
// with another colour is compiled again in place (the same *Effect, the
// new fragment shader in the backend, the demo drawing on), and a save
// that does not compile keeps the running effect and reports one error.
func TestWatchRecompilesTheSavedWGSL(t *testing.T) {
	dir := t.TempDir()
	d := &demo{crtOn: true, watch: dir}
	g := enginetest.Open(t, d, enginetest.Config{Width: width, Height: height, ContentDir: dir})
	gfx := g.Renderer().Graphics()
	if err := g.RunFrames(2); err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"plasma.wgsl": plasmaWGSL, "crt.wgsl": crtWGSL} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != src {
			t.Fatalf("%s in the watched folder: %v; want the built-in source", name, err)
		}
	}
	plasma := d.plasma
	fragment := func() []uint32 { return gfx.Effects[d.plasma.ID()].Desc.Fragment }
	before := fragment()
	var errs []string
	g.Content().SetReloadErrorHandler(func(name string, err error) { errs = append(errs, name+": "+err.Error()) })
	save := func(src string) {
		t.Helper()
		path := filepath.Join(dir, "plasma.wgsl")
		if err := os.WriteFile(path+".tmp", []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(path+".tmp", path); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); !g.Content().Pending(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the watcher saw no change within 10 s")
			}
		}
		if err := g.RunFrames(1); err != nil {
			t.Fatal(err)
		}
	}
	edited := strings.Replace(plasmaWGSL, "c * light, 1.0", "c * light * 0.5, 1.0", 1)
	if edited == plasmaWGSL {
		t.Fatal("the edit found nothing to change in plasmaWGSL")
	}
	save(edited)
	after := fragment()
	if d.plasma != plasma {
		t.Error("the reload made a new *Effect; the game's pointer must stay valid")
	}
	if slices.Equal(before, after) {
		t.Error("after the save the plasma effect's fragment shader is the old one")
	}
	save("@vertex fn vs_main( -> {")
	if len(errs) != 1 || !slices.Equal(fragment(), after) {
		t.Errorf("after a broken save: errors %q; want one error and the edited effect kept", errs)
	}
	if g.IsExiting() {
		t.Error("the demo stopped: its draws failed after a reload")
	}
}
