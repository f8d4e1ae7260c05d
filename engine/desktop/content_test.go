package desktop

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// reloadGame draws a loaded texture at the window's top-left each frame
// and runs the test's steps from Update.
type reloadGame struct {
	t       *testing.T
	tex     *graphics.Texture2D
	fx      *graphics.Effect // the batch's sprite effect, when set
	batch   *graphics.SpriteBatch
	step    func(g *engine.Game, n int)
	updates int
	r       *Renderer
	err     error
}

func (s *reloadGame) Update(g *engine.Game, _ timing.GameTime) {
	s.updates++
	s.step(g, s.updates)
}

func (s *reloadGame) Draw(g *engine.Game, _ timing.GameTime) {
	dev := g.GraphicsDevice().Device
	s.r = g.GraphicsDevice().Renderer().(*Renderer)
	if s.err != nil {
		return
	}
	if s.batch == nil {
		if s.batch, s.err = graphics.NewSpriteBatch(dev); s.err != nil {
			return
		}
	}
	if s.err = dev.Clear(graphics.Color{A: 255}); s.err != nil {
		return
	}
	settings := graphics.SpriteBatchSettings{}
	if s.fx != nil {
		settings.Effect = s.fx
	}
	if s.err = s.batch.BeginWith(settings); s.err != nil {
		return
	}
	s.batch.Draw(s.tex, mgl32.Vec2{}, graphics.Color{R: 255, G: 255, B: 255, A: 255})
	s.err = s.batch.End()
}

// savePNG writes a 64x64 PNG of one colour through a rename, as editors
// save.
func savePNG(t *testing.T, path string, c color.RGBA) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	saveFile(t, path, b.Bytes())
}

func saveFile(t *testing.T, path string, data []byte) {
	if err := os.WriteFile(path+".tmp", data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		t.Fatal(err)
	}
}

// awaitChange waits (bounded, real time) until m's watcher saw a change.
func awaitChange(t *testing.T, m *content.Manager) bool {
	for deadline := time.Now().Add(10 * time.Second); !m.Pending(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Error("the watcher saw no change within 10 s")
			return false
		}
	}
	return true
}

// TestC3_TextureReloadsWhileAGameRuns: on the real stack, with
// validation on, a game draws a texture from Game.Content with Watch on;
// a PNG saved over its file shows its new pixels (read back from the GPU
// and in a captured frame) in the next Update through the same
// *Texture2D; a broken save keeps them and reports one error.
func TestC3_TextureReloadsWhileAGameRuns(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "hero.png")
	savePNG(t, file, color.RGBA{255, 0, 0, 255})
	s := &reloadGame{t: t}
	var errs []error
	var captured *image.RGBA
	red, blue := [4]byte{255, 0, 0, 255}, [4]byte{0, 0, 255, 255}
	texel := func() [4]byte {
		px := make([]byte, 4*64*64)
		if err := s.tex.GetData(px); err != nil {
			t.Error(err)
		}
		return [4]byte(px[4*(32*64+32):])
	}
	state, changedAt := 0, 0
	s.step = func(g *engine.Game, n int) {
		m := g.Content()
		switch state {
		case 0:
			var err error
			if s.tex, err = content.Load[*graphics.Texture2D](m, "hero"); err != nil {
				t.Error(err)
				g.Exit()
				return
			}
			m.SetReloadErrorHandler(func(_ string, err error) { errs = append(errs, err) })
			if err := m.Watch(g.ContentDir()); err != nil {
				t.Error(err)
				g.Exit()
			}
			g.GraphicsDevice().Presented.Add(func(p *engine.Presented) {
				if p.Capture != nil {
					captured = image.NewRGBA(p.Capture.Rect)
					copy(captured.Pix, p.Capture.Pix)
				}
			})
			state = 1
		case 1:
			if n < 5 {
				return // a few frames drawn with the red texture
			}
			if got := texel(); got != red {
				t.Errorf("before the edit the texture reads %v", got)
			}
			savePNG(t, file, color.RGBA{0, 0, 255, 255})
			if !awaitChange(t, m) {
				g.Exit()
				return
			}
			state, changedAt = 2, n
		case 2:
			if again, _ := content.Load[*graphics.Texture2D](m, "hero"); again != s.tex {
				t.Error("Load after the reload gives another pointer")
			}
			if got := texel(); got != blue {
				t.Errorf("the Update after the watcher saw the save reads %v from the same texture, want blue", got)
			}
			g.GraphicsDevice().RequestCapture()
			state = 3
		case 3:
			if captured == nil {
				return
			}
			if got := captured.RGBAAt(32, 32); got != (color.RGBA{0, 0, 255, 255}) {
				t.Errorf("the frame drawn after the reload shows %v at (32, 32), want blue", got)
			}
			saveFile(t, file, []byte("a truncated save"))
			if !awaitChange(t, m) {
				g.Exit()
				return
			}
			state = 4
		case 4:
			if got := texel(); got != blue || len(errs) != 1 {
				t.Errorf("after a broken save: texel %v, %d errors %v; want the old blue and one error", got, len(errs), errs)
			}
			g.Exit()
		}
		if n > changedAt+600 && changedAt > 0 {
			t.Error("the test ran 600 updates past the edit")
			g.Exit()
		}
	}
	runReloadGame(t, s, dir)
	if state != 4 {
		t.Fatalf("the game ended in state %d", state)
	}
	if !s.tex.IsDisposed() {
		t.Error("the game's teardown left the content loaded")
	}
}

// runReloadGame runs s on the real stack (virtual time, validation on)
// with its content in dir, and fails t on an error or a validation
// message.
func runReloadGame(t *testing.T, s *reloadGame, dir string) {
	t.Helper()
	var runErr error
	window.Do(func() {
		clock, err := timing.NewFixedDt(time.Second / 60)
		if err != nil {
			runErr = err
			return
		}
		g, err := NewGame(s, Config{Title: t.Name(), Width: 128, Height: 128, Validation: true, ContentDir: dir,
			Engine: engine.Config{Source: clock, Waiter: clock}})
		if err != nil {
			runErr = err
			return
		}
		runErr = g.Run()
	})
	windowtest.SkipIfNoStack(t, runErr, noDriver...)
	if s.err != nil {
		t.Fatal(s.err)
	}
	checkNoMessages(t, s.r)
}

// fadeWGSL is a WGSL sprite effect that multiplies the sprite by a colour
// written into its source.
func fadeWGSL(r, g, b float32) []byte {
	return []byte(fmt.Sprintf(`struct Params { Fade: f32, }
@group(0) @binding(0) var<uniform> params: Params;
@group(1) @binding(0) var SpriteTexture: texture_2d<f32>;
@group(1) @binding(1) var SpriteSampler: sampler;

@fragment
fn fs_main(@location(0) Color: vec4<f32>, @location(1) TexCoord: vec2<f32>) -> @location(0) vec4<f32> {
    return Color * textureSample(SpriteTexture, SpriteSampler, TexCoord) * vec4<f32>(%g, %g, %g, params.Fade);
}
`, r, g, b))
}

// TestC3_WGSLEffectReloadsWhileAGameRuns: on the real stack, with
// validation on, a game draws a white texture through a WGSL sprite
// effect from Game.Content with Watch on; the .wgsl file saved with
// another colour is compiled again and shows in the frames after the
// watcher saw it, through the same *Effect and the same *Texture2D; a
// save with a syntax error keeps the old effect and reports one error.
func TestC3_WGSLEffectReloadsWhileAGameRuns(t *testing.T) {
	dir := t.TempDir()
	savePNG(t, filepath.Join(dir, "white.png"), color.RGBA{255, 255, 255, 255})
	file := filepath.Join(dir, "tint.wgsl")
	saveFile(t, file, fadeWGSL(0, 1, 0))
	s := &reloadGame{t: t}
	var errs []error
	var captured *image.RGBA
	state, changedAt, asked := 0, 0, 0
	want := func(c color.RGBA) bool { // the newest capture shows c
		return captured != nil && captured.RGBAAt(32, 32) == c
	}
	s.step = func(g *engine.Game, n int) {
		m := g.Content()
		switch state {
		case 0:
			var err error
			if s.tex, err = content.Load[*graphics.Texture2D](m, "white"); err == nil {
				s.fx, err = content.Load[*graphics.Effect](m, "tint")
			}
			if err == nil {
				s.fx.Parameters["Fade"].SetValue(float32(1))
			}
			if err == nil {
				m.SetReloadErrorHandler(func(_ string, err error) { errs = append(errs, err) })
				err = m.Watch(g.ContentDir())
			}
			if err != nil {
				t.Error(err)
				g.Exit()
				return
			}
			g.GraphicsDevice().Presented.Add(func(p *engine.Presented) {
				if p.Capture != nil {
					captured = image.NewRGBA(p.Capture.Rect)
					copy(captured.Pix, p.Capture.Pix)
				}
			})
			g.GraphicsDevice().RequestCapture()
			state = 1
		case 1:
			if !want(color.RGBA{0, 255, 0, 255}) {
				if n > 300 {
					t.Errorf("the WGSL effect's first frames never showed green (last capture %v)", captured != nil)
					g.Exit()
				}
				g.GraphicsDevice().RequestCapture()
				return
			}
			fx := s.fx
			saveFile(t, file, fadeWGSL(1, 0, 1))
			if !awaitChange(t, m) {
				g.Exit()
				return
			}
			if again, _ := content.Load[*graphics.Effect](m, "tint"); again != fx {
				t.Error("Load after the edit gives another *Effect")
			}
			state, changedAt = 2, n
			g.GraphicsDevice().RequestCapture()
		case 2:
			// The reload runs at the start of this Update: the frame it
			// draws, captured, shows the new colour.
			asked++
			if !want(color.RGBA{255, 0, 255, 255}) {
				if asked > 2 {
					t.Errorf("two frames after the watcher saw the edit the frame shows %v, want magenta", captured.RGBAAt(32, 32))
					g.Exit()
					return
				}
				g.GraphicsDevice().RequestCapture()
				return
			}
			saveFile(t, file, []byte("@fragment fn fs_main( -> {"))
			if !awaitChange(t, m) {
				g.Exit()
				return
			}
			state, asked = 3, 0
		case 3:
			asked++
			g.GraphicsDevice().RequestCapture()
			if asked < 3 {
				return
			}
			if !want(color.RGBA{255, 0, 255, 255}) || len(errs) != 1 {
				t.Errorf("after a broken save: frame %v, %d errors %v; want the old magenta and one error", captured.RGBAAt(32, 32), len(errs), errs)
			}
			g.Exit()
		}
		if n > changedAt+600 && changedAt > 0 {
			t.Error("the test ran 600 updates past the edit")
			g.Exit()
		}
	}
	runReloadGame(t, s, dir)
	if state != 3 {
		t.Fatalf("the game ended in state %d", state)
	}
}
