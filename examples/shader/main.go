// Command shader shows a game's own shaders as Effects, written only
// against the engine's public API: a GLSL plasma effect with a time
// parameter on a turning cube (NewEffect), and a CRT fragment shader over
// sprites and text (NewSpriteEffect in SpriteBatchSettings.Effect). The
// shaders are GLSL in shaders/, compiled to SPIR-V with glslc by
// go generate and embedded, so the program runs from any folder. With
// -wgsl the same two effects come from WGSL written as Go strings
// (wgsl.go), compiled at run time by graphics.NewEffectWGSL. With
// -watch DIR they are read from DIR/plasma.wgsl and DIR/crt.wgsl (written
// there from wgsl.go when missing) through the game's content manager,
// and compiled again whenever a file is saved: edit the WGSL while the
// cube turns. A save that does not compile keeps the running effect and
// prints its error.
//
//	go run ./examples/shader [-frames N] [-screenshot out.png] [-wgsl] [-watch DIR]
//
// Esc quits; Space turns the CRT effect off and on.
package main

import (
	"embed"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/content"
	"github.com/metronome-engine/metronome/engine/desktop"
	_ "github.com/metronome-engine/metronome/engine/desktop/preload" // the drivers load from process start (W11)
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

//go:generate glslc --target-env=vulkan1.0 -o shaders/plasma.vert.spv shaders/plasma.vert
//go:generate glslc --target-env=vulkan1.0 -o shaders/plasma.frag.spv shaders/plasma.frag
//go:generate glslc --target-env=vulkan1.0 -o shaders/crt.frag.spv shaders/crt.frag

//go:embed shaders/*.spv
var shaderFiles embed.FS

const width, height = 960, 540

// demo is the game: the cube's effect and buffers, the sprite effect and
// the batch, a checker sprite, the font.
type demo struct {
	frames     int // quit after this many draws (0: no limit)
	screenshot bool
	wgsl       bool   // the WGSL twins of the effects (wgsl.go)
	watch      string // -watch: the folder the WGSL effects are read from and watched in
	drawn      int

	plasma *graphics.Effect
	crt    *graphics.Effect
	crtOn  bool
	vb     *graphics.VertexBuffer
	ib     *graphics.IndexBuffer
	sb     *graphics.SpriteBatch
	font   *graphics.SpriteFont
	check  *graphics.Texture2D
	dev    *engine.GraphicsDevice
}

func main() {
	frames := flag.Int("frames", 0, "quit after this many draws (0: no limit)")
	shot := flag.String("screenshot", "", "write a PNG of the last frame to this path at exit")
	wgsl := flag.Bool("wgsl", false, "use the WGSL twins of the effects, compiled at run time")
	watch := flag.String("watch", "", "read the WGSL effects from this folder and compile them again when saved")
	flag.Parse()
	if err := run(*frames, *shot, *wgsl, *watch); err != nil {
		fmt.Fprintln(os.Stderr, "shader:", err)
		os.Exit(1)
	}
}

func run(frames int, shot string, wgsl bool, watch string) error {
	if frames < 0 {
		return fmt.Errorf("-frames %d: want 0 (no limit) or more", frames)
	}
	d := &demo{frames: frames, screenshot: shot != "", crtOn: true, wgsl: wgsl, watch: watch}
	if err := desktop.Run(d, desktop.Config{Title: "Effects", Width: width, Height: height, ContentDir: watch}); err != nil {
		return err
	}
	if shot == "" {
		return nil
	}
	img := d.dev.LastCapture()
	if img == nil {
		return errors.New("no frame was captured")
	}
	f, err := os.Create(shot)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", shot, err)
	}
	return f.Close()
}

func spv(name string) []byte {
	b, err := shaderFiles.ReadFile("shaders/" + name + ".spv")
	if err != nil {
		panic(err) // embedded at build time
	}
	return b
}

func (d *demo) LoadContent(g *engine.Game) (err error) {
	d.dev = g.GraphicsDevice()
	d.dev.SetCaptureAtExit(d.screenshot)
	dev := d.dev.Device
	switch { // the plasma effect, then the CRT sprite effect
	case d.watch != "":
		err = d.loadWatched(g)
	case d.wgsl:
		if d.plasma, err = graphics.NewEffectWGSL(dev, plasmaWGSL); err == nil {
			d.crt, err = graphics.NewEffectWGSL(dev, crtWGSL)
		}
	default:
		if d.plasma, err = graphics.NewEffect(dev, spv("plasma.vert"), spv("plasma.frag")); err == nil {
			d.crt, err = graphics.NewSpriteEffect(dev, spv("crt.frag"))
		}
	}
	if err != nil {
		return fmt.Errorf("effects: %w", err)
	}
	verts, idx := graphics.Cube()
	if d.vb, err = graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(verts)); err != nil {
		return err
	}
	if err = graphics.SetVertexData(d.vb, 0, verts); err != nil {
		return err
	}
	if d.ib, err = graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx)); err != nil {
		return err
	}
	if err = graphics.SetIndexData(d.ib, 0, idx); err != nil {
		return err
	}
	if d.sb, err = graphics.NewSpriteBatch(dev); err != nil {
		return err
	}
	if d.font, err = graphics.NewDefaultSpriteFont(dev, 48); err != nil {
		return err
	}
	px := make([]graphics.Color, 64)
	for i := range px {
		px[i] = graphics.Color{R: 250, G: 200, B: 40, A: 255}
		if (i%8+i/8)%2 == 0 {
			px[i] = graphics.Color{R: 40, G: 120, B: 240, A: 255}
		}
	}
	if d.check, err = graphics.NewTexture2D(dev, 8, 8); err != nil {
		return err
	}
	return d.check.SetColors(px)
}

// loadWatched loads the WGSL effects from the -watch folder through the
// game's content manager, writing the built-in sources there first where
// a file is missing, and watches the folder: a saved file is compiled
// again at the start of the next Update, in place (d.plasma and d.crt
// stay the same Effects).
func (d *demo) loadWatched(g *engine.Game) (err error) {
	for name, src := range map[string]string{"plasma.wgsl": plasmaWGSL, "crt.wgsl": crtWGSL} {
		path := filepath.Join(d.watch, name)
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				return fmt.Errorf("-watch: %w", err)
			}
		}
	}
	m := g.Content()
	if d.plasma, err = content.Load[*graphics.Effect](m, "plasma"); err != nil {
		return fmt.Errorf("plasma effect: %w", err)
	}
	if d.crt, err = content.Load[*graphics.Effect](m, "crt"); err != nil {
		return fmt.Errorf("crt effect: %w", err)
	}
	m.SetReloadErrorHandler(func(name string, err error) {
		fmt.Fprintf(os.Stderr, "shader: %s: %v (the running effect stays)\n", name, err)
	})
	if err := m.Watch(d.watch); err != nil {
		return fmt.Errorf("-watch: %w", err)
	}
	return nil
}

func (d *demo) Update(g *engine.Game, _ timing.GameTime) {
	if g.IsKeyJustPressed(engine.KeyEscape) {
		g.Exit()
	}
	if g.IsKeyJustPressed(engine.KeySpace) {
		d.crtOn = !d.crtOn
	}
}

func (d *demo) Draw(g *engine.Game, gt timing.GameTime) {
	if err := d.draw(float32(gt.TotalGameTime.Seconds())); err != nil {
		fmt.Fprintln(os.Stderr, "shader:", err)
		g.Exit()
	}
	if d.drawn++; d.frames > 0 && d.drawn >= d.frames {
		g.Exit()
	}
}

func (d *demo) draw(t float32) error {
	dev := d.dev.Device
	if err := dev.Clear(graphics.Color{R: 20, G: 24, B: 36, A: 255}); err != nil {
		return err
	}
	// The cube, with the plasma effect.
	proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, float32(width)/height, 0.1, 20)
	if err != nil {
		return err
	}
	world := mgl32.HomogRotate3D(0.6*t+0.5, mgl32.Vec3{0.4, 1, 0.2}.Normalize())
	view := graphics.CreateLookAt(mgl32.Vec3{0, 0.4, 4}, mgl32.Vec3{0, 0.2, 0}, mgl32.Vec3{0, 1, 0})
	p := d.plasma.Parameters
	p["WorldViewProjection"].SetMatrix(proj.Mul4(view).Mul4(world))
	p["World"].SetMatrix(world)
	p["Time"].SetFloat(t)
	dev.SetDepthStencilState(graphics.DepthDefault)
	dev.SetBlendState(graphics.Opaque)
	dev.SetRasterizerState(graphics.CullCounterClockwise)
	dev.SetVertexBuffer(d.vb)
	dev.SetIndices(d.ib)
	d.plasma.Apply()
	if err := dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); err != nil {
		return err
	}
	// Sprites and text, through the CRT effect.
	d.crt.Parameters["Time"].SetFloat(t)
	d.crt.Parameters["Height"].SetFloat(height)
	s := graphics.SpriteBatchSettings{Sampler: &graphics.PointClamp}
	if d.crtOn {
		s.Effect = d.crt
	}
	if err := d.sb.BeginWith(s); err != nil {
		return err
	}
	d.sb.DrawEx(d.check, mgl32.Vec2{40, 360}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{16, 16}, graphics.FlipNone, 0)
	d.sb.DrawString(d.font, "metronome: effects", mgl32.Vec2{40, 30}, graphics.White)
	d.sb.DrawString(d.font, "CRT over sprites", mgl32.Vec2{200, 420}, graphics.Color{R: 120, G: 255, B: 160, A: 255})
	return d.sb.End()
}
