package engine

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// writePNG writes a 2x2 PNG of one colour at path through a rename, as
// editors save.
func writePNG(t testing.TB, path string, c color.RGBA) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	writeAtomic(t, path, b.Bytes())
}

func writeAtomic(t testing.TB, path string, data []byte) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// waitPending waits (bounded, real time) until the watcher has seen the
// change.
func waitPending(t testing.TB, m *content.Manager) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !m.Pending(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the watcher saw no change within 10 s")
		}
	}
}

// TestC3_GameContentReloadsAtTheStartOfUpdate: Game.Content is rooted at
// Config.ContentDir; with Watch on, a texture edited on disk has its new
// pixels in the next Update through the same pointer, and a broken edit
// keeps the old pixels and reports one error.
func TestC3_GameContentReloadsAtTheStartOfUpdate(t *testing.T) {
	dir := scratchDir(t)
	file := filepath.Join(dir, "hero.png")
	writePNG(t, file, color.RGBA{255, 0, 0, 255})
	p := newFakePlatform(nil)
	s := &scriptGame{}
	g, err := NewGame(s, p, Config{Source: p.clock, Waiter: p.clock, ContentDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if g.ContentDir() != dir {
		t.Fatalf("ContentDir = %q", g.ContentDir())
	}
	var tex *graphics.Texture2D
	var errs []string
	first := func(tx *graphics.Texture2D) byte {
		px := make([]byte, 4*tx.Width()*tx.Height())
		if err := tx.GetData(px); err != nil {
			t.Fatal(err)
		}
		return px[0]
	}
	step := 0
	s.onUpdate = func(g *Game, n int, gt timing.GameTime) {
		m := g.Content()
		switch step {
		case 0:
			if tex, err = content.Load[*graphics.Texture2D](m, "hero"); err != nil {
				t.Fatal(err)
			}
			if first(tex) != 255 {
				t.Fatal("the first load is not red")
			}
			m.SetReloadErrorHandler(func(name string, err error) { errs = append(errs, name+": "+err.Error()) })
			if err := m.Watch(dir); err != nil {
				t.Fatal(err)
			}
			writePNG(t, file, color.RGBA{0, 0, 255, 255})
			waitPending(t, m)
			step = 1
		case 1: // the Update after the watcher saw the edit
			if again, _ := content.Load[*graphics.Texture2D](m, "hero"); again != tex {
				t.Error("Load after a reload returned another pointer")
			}
			if first(tex) != 0 {
				t.Fatal("the edited texture was not reloaded by the next Update")
			}
			writeAtomic(t, file, []byte("not a PNG any more"))
			waitPending(t, m)
			step = 2
		case 2:
			if first(tex) != 0 || tex.IsDisposed() {
				t.Error("a broken edit changed or disposed the old texture")
			}
			if len(errs) != 1 {
				t.Fatalf("%d reload errors after a broken edit, want 1: %q", len(errs), errs)
			}
			writeAtomic(t, file, []byte("still not a PNG"))
			waitPending(t, m)
			step = 3
		case 3:
			if len(errs) != 1 {
				t.Errorf("the same failure was reported again: %q", errs)
			}
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if !tex.IsDisposed() {
		t.Error("the game's teardown did not unload its content")
	}
}

// scratchDir is a temporary folder removed at the end of the test, where
// it can be: unlike t.TempDir, a removal that fails does not fail the test
// (Wine 8 fails every file removal with "Invalid function", and this
// package's tests also run as Windows binaries under Wine).
func scratchDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "metronome-content-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}
