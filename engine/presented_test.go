package engine

import (
	"errors"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/timing"
)

// mesh is a triangle drawn with a BasicEffect through the public API.
type mesh struct {
	vb *graphics.VertexBuffer
	fx *graphics.BasicEffect
}

func newMesh(t testing.TB, dev *graphics.Device) *mesh {
	t.Helper()
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionColor{}.VertexDeclaration(), 3)
	if err != nil {
		t.Fatal(err)
	}
	v := []graphics.VertexPositionColor{{Position: mgl32.Vec3{0, 1, 0}, Color: graphics.Red},
		{Position: mgl32.Vec3{1, -1, 0}, Color: graphics.Green}, {Position: mgl32.Vec3{-1, -1, 0}, Color: graphics.Blue}}
	if err := graphics.SetVertexData(vb, 0, v); err != nil {
		t.Fatal(err)
	}
	fx := graphics.NewBasicEffect(dev)
	fx.VertexColorEnabled = true
	return &mesh{vb: vb, fx: fx}
}

// draw clears to c and draws the mesh n times; errors are returned.
func (m *mesh) draw(dev *graphics.Device, c graphics.Color, n int) error {
	if err := dev.Clear(c); err != nil {
		return err
	}
	dev.SetVertexBuffer(m.vb)
	for i := range n {
		m.fx.World = mgl32.Translate3D(float32(i), 0, 0)
		m.fx.Apply()
		if err := dev.DrawPrimitives(graphics.TriangleList, 0, 1); err != nil {
			return err
		}
	}
	return nil
}

// TestG1_GameDrawsThroughTheGraphicsDevice pins the seam: what Game.Draw
// records on GraphicsDevice.Graphics reaches the renderer's backend as the
// frame it presents, at the renderer's back-buffer size.
func TestG1_GameDrawsThroughTheGraphicsDevice(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	var m *mesh
	var drawErr error
	s.onDraw = func(g *Game, _ int, _ timing.GameTime) {
		dev := g.GraphicsDevice().Device
		if m == nil {
			m = newMesh(t, dev)
		}
		if err := m.draw(dev, graphics.CornflowerBlue, 3); err != nil && drawErr == nil {
			drawErr = err
		}
	}
	for range 3 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if drawErr != nil {
		t.Fatal(drawErr)
	}
	r := p.renderer
	if r.gfx.Presents != 3 || r.lastFrame.passes != 1 || r.lastFrame.draws != 3 || r.lastFrame.clear != graphics.CornflowerBlue {
		t.Errorf("presents %d, last frame %+v", r.gfx.Presents, r.lastFrame)
	}
	// Outside Draw the back buffer is not a target.
	if err := g.GraphicsDevice().Device.Clear(graphics.Black); !errors.Is(err, graphics.ErrOutsideFrame) {
		t.Errorf("clear between frames: %v", err)
	}
}

// TestG4_RenderTargetDrawnBeforeTheFirstFrame pins that drawing into a
// render target outside Draw (as in LoadContent) rides the next frame's
// record, ahead of the back buffer's pass.
func TestG4_RenderTargetDrawnBeforeTheFirstFrame(t *testing.T) {
	g, p, _ := startGame(t, nil)
	dev := g.GraphicsDevice().Device
	rt, err := graphics.NewRenderTarget2D(dev, 32, 32, graphics.RenderTargetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := newMesh(t, dev)
	dev.SetRenderTarget(rt)
	if err := m.draw(dev, graphics.Orange, 2); err != nil {
		t.Fatal(err)
	}
	p.renderer.gfx.Keep = true
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	f := p.renderer.gfx.Frames[len(p.renderer.gfx.Frames)-1]
	if len(f.Passes) != 1 || f.Passes[0].Target != rt.ID() || f.Passes[0].DrawCount != 2 || len(f.Uploads) != 1 {
		t.Errorf("first frame after LoadContent-style drawing: passes %+v, %d uploads", f.Passes, len(f.Uploads))
	}
	px := make([]byte, 4)
	if err := rt.GetDataRect(graphics.Rectangle{Width: 1, Height: 1}, px); err != nil || px[0] != graphics.Orange.R || px[1] != graphics.Orange.G {
		t.Errorf("render target texel %v (%v), want Orange", px, err)
	}
}

// TestG11_PresentedRaisedOncePerPresentWithEngineTimes pins the Presented
// event: once per present, on the loop's goroutine, index counting up, and
// times read from the engine's time source around the present.
func TestG11_PresentedRaisedOncePerPresentWithEngineTimes(t *testing.T) {
	g, _, p := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	var seen []Presented
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	g.GraphicsDevice().Presented.Add(func(e *Presented) {
		seen = append(seen, *e)
		if now := p.clock.Now(); e.Returned != now {
			t.Errorf("present %d returned at %v, the engine clock reads %v", e.Index, e.Returned, now)
		}
	})
	for range 4 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 4 {
		t.Fatalf("%d Presented events for 4 frames", len(seen))
	}
	for i, e := range seen {
		if e.Index != uint64(i+2) || e.Queued > e.Returned || e.Capture != nil {
			t.Errorf("event %d: %+v", i, e)
		}
		if i > 0 && e.Returned <= seen[i-1].Returned {
			t.Errorf("event %d returned at %v, not after the previous (%v)", i, e.Returned, seen[i-1].Returned)
		}
	}
	if seen[0].Returned == 0 {
		t.Error("times not read from the engine's clock")
	}
}

// TestG11_CaptureRequestDeliveredWithItsPresented pins RequestCapture: the
// next present is captured (once, however many requests) and delivered
// with its Presented event; the frames after it are not.
func TestG11_CaptureRequestDeliveredWithItsPresented(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	colors := []graphics.Color{graphics.Red, graphics.Green, graphics.Blue, graphics.White}
	s.onDraw = func(g *Game, n int, _ timing.GameTime) { _ = g.GraphicsDevice().Device.Clear(colors[(n-1)%4]) }
	if err := g.RunOneFrame(); err != nil { // frame 1: red
		t.Fatal(err)
	}
	gd := g.GraphicsDevice()
	var got []graphics.Color
	gd.Presented.Add(func(e *Presented) {
		if e.Capture == nil {
			got = append(got, graphics.Color{})
			return
		}
		px := e.Capture.Pix
		got = append(got, graphics.Color{R: px[0], G: px[1], B: px[2], A: px[3]})
	})
	gd.RequestCapture()
	gd.RequestCapture()
	for range 3 { // frames 2 (green, captured), 3, 4
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	want := []graphics.Color{graphics.Green, {}, {}}
	if !equalColors(got, want) || p.renderer.captures != 1 {
		t.Errorf("captures %v (renderer copied %d), want %v", got, p.renderer.captures, want)
	}
}

func equalColors(a, b []graphics.Color) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestG11_CaptureAtExitKeepsTheLastPresentedFrame pins capture-at-exit:
// every frame is copied while it is on, and after the game ends
// LastCapture is the device's own copy of the last presented frame.
func TestG11_CaptureAtExitKeepsTheLastPresentedFrame(t *testing.T) {
	g, s, p := newTestGame(nil, timing.ProfileDefault)
	s.onDraw = func(g *Game, n int, _ timing.GameTime) {
		c := graphics.Color{R: uint8(n), A: 255}
		_ = g.GraphicsDevice().Device.Clear(c)
	}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	gd := g.GraphicsDevice()
	gd.SetCaptureAtExit(true)
	for range 4 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	if p.renderer.captures != 4 {
		t.Errorf("%d frames copied while capture-at-exit was on, want 4", p.renderer.captures)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	c := gd.LastCapture()
	if c == nil || c == p.renderer.capture || c.Pix[0] != 5 || c.Bounds().Dx() != 640 {
		t.Fatalf("last capture %v (renderer's own buffer: %v), want a copy of frame 5", c != nil, c == p.renderer.capture)
	}
	p.renderer.capture.Pix[0] = 99 // the renderer's memory is gone; the copy is not
	if c.Pix[0] != 5 {
		t.Error("LastCapture aliases the renderer's memory")
	}
}

// TestSeam_WindowTitleThroughThePlatform pins Window.Title/SetTitle as
// XNA's GameWindow over the Platform interface (no downcast), and that
// setting an unchanged title does not reach the platform.
func TestSeam_WindowTitleThroughThePlatform(t *testing.T) {
	g, p, _ := startGame(t, nil)
	w := g.Window()
	w.SetTitle("Pong 3 : 2")
	w.SetTitle("Pong 3 : 2")
	if w.Title() != "Pong 3 : 2" || p.title != "Pong 3 : 2" || p.titles != 1 {
		t.Errorf("title %q, platform %q after %d calls", w.Title(), p.title, p.titles)
	}
	if wd, ht := w.ClientBounds(); wd != 640 || ht != 480 {
		t.Errorf("client bounds %dx%d", wd, ht)
	}
}

// TestP8_PresentSettingsValidatedOnce pins that invalid presentation
// settings are refused before they reach a renderer.
func TestP8_PresentSettingsValidatedOnce(t *testing.T) {
	for _, c := range []struct {
		s  PresentSettings
		ok bool
	}{{PresentSettings{SwapInterval: 0}, true}, {PresentSettings{SwapInterval: 2, HalfRate: true}, true}, {PresentSettings{SwapInterval: 3}, false}, {PresentSettings{SwapInterval: -1, HalfRate: true}, false}} {
		if err := c.s.Validate(); (err == nil) != c.ok {
			t.Errorf("%+v: %v", c.s, err)
		}
	}
}

// TestG9_FiftyMeshGameFrameAllocatesNothing pins rule G9 through the
// engine: a steady tick whose Draw records 50 meshes, a render target
// pass, a Presented handler and capture-at-exit allocates nothing.
func TestG9_FiftyMeshGameFrameAllocatesNothing(t *testing.T) {
	g, s, _ := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	var m *mesh
	var rt *graphics.RenderTarget2D
	var drawErr error
	s.onDraw = func(g *Game, _ int, _ timing.GameTime) {
		dev := g.GraphicsDevice().Device
		if m == nil {
			m = newMesh(t, dev)
			var err error
			if rt, err = graphics.NewRenderTarget2D(dev, 64, 64, graphics.RenderTargetOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		dev.SetRenderTarget(rt)
		err := m.draw(dev, graphics.Black, 5)
		dev.SetRenderTarget(nil)
		err = errors.Join(err, m.draw(dev, graphics.CornflowerBlue, 45))
		if err != nil && drawErr == nil {
			drawErr = err
		}
	}
	presents := 0
	g.GraphicsDeviceManager().DeviceCreated.Add(func(d *GraphicsDevice) {
		d.Presented.Add(func(*Presented) { presents++ })
		d.SetCaptureAtExit(true)
	})
	for range 5 {
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := g.Tick(); err != nil {
			t.Fatal(err)
		}
	})
	if drawErr != nil {
		t.Fatal(drawErr)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per tick, want 0", allocs)
	}
	if presents < 100 {
		t.Errorf("%d presents measured", presents)
	}
}

// TestG12_PresentTimesArePureUnderFixedDt pins that under a timing.FixedDt
// source the Presented times are virtual: each present lands on the dt grid
// (its tick's time), and two runs give the same sequence.
func TestG12_PresentTimesArePureUnderFixedDt(t *testing.T) {
	run := func() []Presented {
		p := newFakePlatform(nil)
		p.perPoll = 0
		p.script = [][]PlatformEvent{{focusIn}}
		clock, err := timing.NewFixedDt(time.Second / 60)
		if err != nil {
			t.Fatal(err)
		}
		s := &scriptGame{}
		g, err := NewGame(s, p, Config{Source: clock, Waiter: clock})
		if err != nil {
			t.Fatal(err)
		}
		var seen []Presented
		g.GraphicsDeviceManager().DeviceCreated.Add(func(d *GraphicsDevice) {
			d.Presented.Add(func(e *Presented) { seen = append(seen, *e) })
		})
		s.onUpdate = func(g *Game, n int, _ timing.GameTime) {
			if n == 20 {
				g.Exit()
			}
		}
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		return seen
	}
	a, b := run(), run()
	if len(a) < 10 || len(a) != len(b) {
		t.Fatalf("%d and %d presents", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("present %d differs between runs: %+v vs %+v", i, a[i], b[i])
		}
		if a[i].Returned%(time.Second/60) != 0 {
			t.Errorf("present %d returned at %v, off the dt grid", i, a[i].Returned)
		}
	}
}
