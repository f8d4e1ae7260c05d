package content

import (
	"bytes"
	"embed"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:embed testdata/Content
var embedded embed.FS

func embeddedContent(t testing.TB) fs.FS {
	sub, err := fs.Sub(embedded, "testdata/Content")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// loadAll loads one asset of every type and returns them.
func loadAll(t testing.TB, m *Manager) []any {
	t.Helper()
	var out []any
	add := func(v any, err error, name string) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	tex, err := Load[*graphics.Texture2D](m, "hero")
	add(tex, err, "hero")
	font, err := Load[*graphics.SpriteFont](m, "ui")
	add(font, err, "ui")
	snd, err := Load[*audio.SoundEffect](m, "click")
	add(snd, err, "click")
	song, err := Load[*audio.Song](m, "tone")
	add(song, err, "tone")
	model, err := Load[*graphics.Model](m, "sub/box")
	add(model, err, "sub/box")
	fx, err := Load[*graphics.Effect](m, "fx/wave")
	add(fx, err, "fx/wave")
	sprite, err := Load[*graphics.Effect](m, `fx\crt`)
	add(sprite, err, "fx/crt")
	return out
}

// TestC1_LoadsEveryTypeFromAFolderAndFromEmbed: textures, fonts, sounds,
// songs, models and effects load by name from os.DirFS and from an
// embed.FS alike, with the same content.
func TestC1_LoadsEveryTypeFromAFolderAndFromEmbed(t *testing.T) {
	r := newRig(t)
	var pix [][]byte
	for _, root := range []struct {
		name string
		fs   fs.FS
	}{{"dir", os.DirFS("testdata/Content")}, {"embed", embeddedContent(t)}} {
		m := NewManager(root.fs, r.dev, r.sys)
		start := time.Now()
		all := loadAll(t, m)
		t.Logf("%s: %d assets loaded in %v", root.name, len(all), time.Since(start))
		tex := all[0].(*graphics.Texture2D)
		if tex.Width() != 4 || tex.Height() != 4 {
			t.Fatalf("%s: hero is %dx%d", root.name, tex.Width(), tex.Height())
		}
		px := pixelsOf(t, tex)
		if [4]byte(px[4*5:4*6]) != [4]byte{60, 60, 200, 255} {
			t.Errorf("%s: hero texel (1,1) = %v", root.name, px[4*5:4*6])
		}
		pix = append(pix, px)
		if d, ok := all[1].(*graphics.SpriteFont).DefaultCharacter(); !ok || d != '?' {
			t.Errorf("%s: the font's default character is %q, want '?' from ui.font.json", root.name, d)
		}
		if s := all[2].(*audio.SoundEffect); s.SampleRate() != 22050 || s.Duration() != 100*time.Millisecond {
			t.Errorf("%s: click is %d Hz, %v", root.name, s.SampleRate(), s.Duration())
		}
		if n := len(all[4].(*graphics.Model).Meshes); n != 1 {
			t.Errorf("%s: the box has %d meshes", root.name, n)
		}
		m.Unload()
	}
	if !bytes.Equal(pix[0], pix[1]) {
		t.Error("the embedded texture differs from the folder's")
	}
}

// TestC1_SecondLoadReturnsTheSamePointer: the cache is by name and type.
func TestC1_SecondLoadReturnsTheSamePointer(t *testing.T) {
	r := newRig(t)
	m := NewManager(os.DirFS("testdata/Content"), r.dev, r.sys)
	first := loadAll(t, m)
	second := loadAll(t, m)
	for i := range first {
		if first[i] != second[i] {
			t.Errorf("asset %d: a second Load returned a new %T", i, first[i])
		}
	}
	a, _ := Load[*graphics.Texture2D](m, "hero")
	b, _ := Load[*graphics.Texture2D](m, "hero.png")
	if a == b {
		t.Error(`"hero" and "hero.png" are cached as one name; they are two names`)
	}
	m.Unload()
	c, _ := Load[*graphics.Texture2D](m, "hero")
	if c == a || a.IsDisposed() == false {
		t.Error("after Unload, Load must read the file again and the old texture be disposed")
	}
	m.Unload()
}

// TestC1_UnloadDisposesAllItLoaded: the backend's live resources return
// to their count before the loads.
func TestC1_UnloadDisposesAllItLoaded(t *testing.T) {
	r := newRig(t)
	before := r.live(t)
	m := NewManager(embeddedContent(t), r.dev, r.sys)
	all := loadAll(t, m)
	loaded := r.live(t)
	if loaded <= before {
		t.Fatalf("%d live resources after loading, %d before: the count does not see the loads", loaded, before)
	}
	m.Unload()
	if after := r.live(t); after != before {
		t.Fatalf("%d live resources after Unload, %d before the loads (%d loaded)", after, before, loaded)
	}
	if s := all[2].(*audio.SoundEffect); !s.IsDisposed() {
		t.Error("the sound effect is not disposed")
	}
	if s := all[3].(*audio.Song); !s.IsDisposed() {
		t.Error("the song is not disposed")
	}
}

// TestC1_ResolutionOrderAndErrors: .xnb comes before the source formats;
// a missing asset's error names it and every path tried; a type the
// manager does not load, or a name leaving the root, is an error.
func TestC1_ResolutionOrderAndErrors(t *testing.T) {
	r := newRig(t)
	png, err := os.ReadFile("testdata/Content/hero.png")
	if err != nil {
		t.Fatal(err)
	}
	m := r.manager(map[string][]byte{
		"hero.png": png,
		"hero.xnb": xnbFile(t, 'w', false, textureXNB(surfaceColor, 2, 1, []byte{9, 9, 9, 9, 8, 8, 8, 8}), "lz4"),
	})
	tex, err := Load[*graphics.Texture2D](m, "hero")
	if err != nil || tex.Width() != 2 {
		t.Fatalf("hero: %v; want the 2x1 XNB before the 4x4 PNG", err)
	}
	_, err = Load[*graphics.Texture2D](m, "villain")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing: %v, want ErrNotFound", err)
	}
	for _, p := range []string{"villain", "villain.xnb", "villain.png", "villain.jpg", "villain.jpeg"} {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not name %s", err, p)
		}
	}
	// A file that exists, named with an extension the type does not load
	// from, is not "not found": the error says what the type loads from.
	_, err = Load[*audio.SoundEffect](m, "hero.png")
	if errors.Is(err, ErrNotFound) || !errors.Is(err, ErrUnsupported) ||
		!strings.Contains(err.Error(), "the file exists") || !strings.Contains(err.Error(), ".wav") {
		t.Errorf("a .png loaded as a sound: %v; want ErrUnsupported naming the sound formats", err)
	}
	if _, err := Load[*graphics.Texture2D](m, "hero.gif"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing file with a foreign extension: %v, want ErrNotFound", err)
	}
	if _, err := Load[*bytes.Buffer](m, "hero"); err == nil || !strings.Contains(err.Error(), "*bytes.Buffer") {
		t.Errorf("an unsupported type: %v", err)
	}
	if _, err := Load[*graphics.Texture2D](m, "../hero"); err == nil || !strings.Contains(err.Error(), "../hero") {
		t.Errorf("a name leaving the root: %v", err)
	}
	noAudio := NewManager(os.DirFS("testdata/Content"), r.dev, nil)
	if _, err := Load[*audio.SoundEffect](noAudio, "click"); err == nil || !strings.Contains(err.Error(), "no audio System") {
		t.Errorf("a sound without a System: %v", err)
	}
}

// TestC1_WGSLEffectsLoadByName: an effect named without an extension is
// found as a .wgsl file and compiled in-process, its parameters named as
// the WGSL names them; a second Load returns the same Effect.
func TestC1_WGSLEffectsLoadByName(t *testing.T) {
	r := newRig(t)
	for _, root := range []fs.FS{os.DirFS("testdata/Content"), embeddedContent(t)} {
		before := r.live(t)
		m := NewManager(root, r.dev, r.sys)
		fx, err := Load[*graphics.Effect](m, "fx/fade")
		if err != nil {
			t.Fatal(err)
		}
		if fx.Parameters["Fade"] == nil || fx.Parameters["SpriteTexture"] == nil {
			t.Errorf("fx/fade's parameters are %v, want Fade and SpriteTexture", fx.Parameters)
		}
		again, err := Load[*graphics.Effect](m, "fx/fade.wgsl")
		if err != nil {
			t.Fatal(err)
		}
		if same, _ := Load[*graphics.Effect](m, "fx/fade"); same != fx {
			t.Error("a second Load of fx/fade returned a new Effect")
		}
		if again == fx {
			t.Error(`"fx/fade" and "fx/fade.wgsl" are two names and must be cached apart`)
		}
		m.Unload()
		if after := r.live(t); after != before {
			t.Errorf("%d live resources after Unload, %d before: the WGSL effects were not disposed", after, before)
		}
	}
}
