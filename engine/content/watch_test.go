package content

import (
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// copyContent copies testdata/Content to a new folder.
func copyContent(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(os.DirFS("testdata/Content"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, p), 0o755)
		}
		b, err := os.ReadFile(filepath.Join("testdata/Content", p))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, p), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// save writes a file through a rename, as editors do, and waits (bounded,
// real time) until the manager's watcher has seen it.
func save(t testing.TB, m *Manager, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path+".tmp", data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !m.Pending(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the watcher did not see %s within 10 s", path)
		}
	}
}

// TestC3_EveryKindReloadsInPlace: after a save, one Update gives each
// loaded texture, font, sound, model and effect its new content through
// the pointer the game holds; the old GPU resources are released.
func TestC3_EveryKindReloadsInPlace(t *testing.T) {
	r := newRig(t)
	dir := copyContent(t)
	m := NewManager(os.DirFS(dir), r.dev, r.sys)
	defer m.Close()
	all := loadAll(t, m)
	before := r.live(t)
	if err := m.Watch(dir); err != nil {
		t.Fatal(err)
	}
	var errs []string
	m.SetReloadErrorHandler(func(name string, err error) { errs = append(errs, err.Error()) })
	read := func(p string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	tex := all[0].(*graphics.Texture2D)
	oldID := tex.ID()
	save(t, m, filepath.Join(dir, "hero.png"), read("hero.png"))
	m.Update()
	if tex.ID() == oldID || tex.IsDisposed() {
		t.Error("the texture was not replaced in place")
	}

	font := all[1].(*graphics.SpriteFont)
	oldLine := font.LineSpacing()
	save(t, m, filepath.Join(dir, "ui.font.json"), []byte(`{"size": 28, "ranges": [[32, 126]]}`))
	m.Update()
	if font.LineSpacing() <= oldLine || font.Texture().IsDisposed() {
		t.Errorf("the font's line spacing is %d after growing from 14 to 28 pixels (was %d)", font.LineSpacing(), oldLine)
	}

	snd := all[2].(*audio.SoundEffect)
	save(t, m, filepath.Join(dir, "click.wav"), wavFile(22050, make([]int16, 1000)))
	m.Update()
	if snd.Duration() >= 100*time.Millisecond || snd.IsDisposed() {
		t.Errorf("the sound lasts %v after being cut in half", snd.Duration())
	}

	model := all[4].(*graphics.Model)
	oldMesh := model.Meshes[0]
	save(t, m, filepath.Join(dir, "sub/model.bin"), read("sub/model.bin"))
	m.Update()
	if model.Meshes[0] == oldMesh {
		t.Error("the model was not reloaded when its .bin changed")
	}

	fx := all[5].(*graphics.Effect)
	oldFx := fx.ID()
	save(t, m, filepath.Join(dir, "fx/wave.frag.spv"), read("fx/wave.frag.spv"))
	m.Update()
	if fx.ID() == oldFx {
		t.Error("the effect was not reloaded when its fragment shader changed")
	}
	if p, err := fx.Parameter(firstParam(fx)); err != nil || p == nil {
		t.Errorf("the reloaded effect's parameters: %v", err)
	}
	if len(errs) != 0 {
		t.Fatalf("reload errors: %q", errs)
	}
	if after := r.live(t); after != before {
		t.Errorf("%d live resources after the reloads, %d before: the old ones leak", after, before)
	}

	// A broken save keeps the old content and reports once.
	save(t, m, filepath.Join(dir, "hero.png"), []byte("broken"))
	id := tex.ID()
	m.Update()
	if tex.ID() != id || tex.IsDisposed() || len(errs) != 1 || !strings.Contains(errs[0], "hero") {
		t.Fatalf("a broken PNG: id %d -> %d, errors %q", id, tex.ID(), errs)
	}
	m.Unload()
}

func firstParam(e *graphics.Effect) string {
	for n := range e.Parameters {
		return n
	}
	return ""
}

// TestC3_UpdateWithoutChangesAllocatesNothing: the per-Update hook is
// free when nothing changed, watching or not.
func TestC3_UpdateWithoutChangesAllocatesNothing(t *testing.T) {
	r := newRig(t)
	dir := copyContent(t)
	m := NewManager(os.DirFS(dir), r.dev, r.sys)
	if n := testing.AllocsPerRun(100, m.Update); n != 0 {
		t.Errorf("Update without Watch: %v allocations", n)
	}
	if err := m.Watch(dir); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if n := testing.AllocsPerRun(100, m.Update); n != 0 {
		t.Errorf("Update while watching, nothing changed: %v allocations", n)
	}
}

// wavFile is a mono 16-bit WAV file.
func wavFile(rate int, samples []int16) []byte {
	le32 := func(b []byte, v int) []byte { return binary.LittleEndian.AppendUint32(b, uint32(v)) }
	le16 := func(b []byte, v int) []byte { return binary.LittleEndian.AppendUint16(b, uint16(v)) }
	b := le32([]byte("RIFF"), 36+2*len(samples))
	b = append(b, "WAVEfmt "...)
	b = le16(le16(le32(b, 16), 1), 1)
	b = le32(le32(b, rate), 2*rate)
	b = le16(le16(b, 2), 16)
	b = le32(append(b, "data"...), 2*len(samples))
	for _, s := range samples {
		b = le16(b, int(uint16(s)))
	}
	return b
}

// TestC3_ReplaceRefusesBadPairs: replacing in place refuses nil, itself,
// a disposed value and a texture of another device, and changes nothing.
func TestC3_ReplaceRefusesBadPairs(t *testing.T) {
	r, other := newRig(t), newRig(t)
	a, _ := graphics.NewTexture2D(r.dev, 2, 2)
	b, _ := graphics.NewTexture2D(r.dev, 4, 4)
	c, _ := graphics.NewTexture2D(other.dev, 4, 4)
	dead, _ := graphics.NewTexture2D(r.dev, 4, 4)
	dead.Dispose()
	for name, src := range map[string]*graphics.Texture2D{"nil": nil, "itself": a, "another device's": c, "a disposed": dead} {
		if err := a.ReplaceWith(src); err == nil || a.Width() != 2 {
			t.Errorf("%s texture: err %v, width %d", name, err, a.Width())
		}
	}
	if err := a.ReplaceWith(b); err != nil || a.Width() != 4 || !b.IsDisposed() {
		t.Errorf("a good replace: %v, width %d, source disposed %v", err, a.Width(), b.IsDisposed())
	}
	s1, _ := r.sys.NewSoundEffectFloat([]float32{0, 0}, 22050, 1)
	if err := s1.ReplaceWith(s1); err == nil {
		t.Error("a sound replaced itself")
	}
}
