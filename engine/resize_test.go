package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// userResize makes the fake window w x h, as a user dragging its border
// does, and scripts the events that report it for the next poll.
func userResize(p *fakePlatform, w, h int) {
	p.clientW, p.clientH, p.fbW, p.fbH = w, h, w, h
	p.script = make([][]PlatformEvent, p.polls+1)
	p.script[p.polls] = []PlatformEvent{{Kind: EventResize, Width: w, Height: h}, {Kind: EventFramebufferResize, Width: w, Height: h}}
}

// TestW9_BackBufferFollowsUserResize: after the user resizes the window the
// device's PresentationParameters say the new back-buffer size (a reset:
// DeviceResetting and DeviceReset around the renderer's resize), while the
// preferred sizes stay what the game asked; so an ApplyChanges that follows
// puts the preferred size back on the window (XNA). ClientSizeChanged
// comes after the reset, so its handlers see the new back buffer and
// viewport, as a game's handler does in XNA (whose manager handles the
// event first). A minimized (0x0) framebuffer keeps the last size.
func TestW9_BackBufferFollowsUserResize(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	var inHandler [2]graphicsSize
	g.ClientSizeChanged.Add(func(g *Game) {
		pp := g.GraphicsDevice().PresentationParameters()
		vp := g.GraphicsDevice().Viewport()
		inHandler = [2]graphicsSize{{pp.BackBufferWidth, pp.BackBufferHeight}, {vp.Width, vp.Height}}
	})
	userResize(p, 800, 600)
	mark := len(rec.lines)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	pp := g.GraphicsDevice().PresentationParameters()
	gm := g.GraphicsDeviceManager()
	if pp.BackBufferWidth != 800 || pp.BackBufferHeight != 600 {
		t.Errorf("back buffer %dx%d after the resize, want 800x600", pp.BackBufferWidth, pp.BackBufferHeight)
	}
	if gm.PreferredBackBufferWidth != 640 || gm.PreferredBackBufferHeight != 480 {
		t.Errorf("preferred %dx%d, want the game's 640x480", gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight)
	}
	got := strings.Join(rec.lines[mark:], "\n")
	want := "event DeviceResetting\nrenderer.Resize 800x600\nevent DeviceReset\nevent ClientSizeChanged 800x600"
	if !strings.Contains(got, want) {
		t.Errorf("resize transcript:\n%s\nwant it to contain:\n%s", got, want)
	}
	if want := [2]graphicsSize{{800, 600}, {800, 600}}; inHandler != want {
		t.Errorf("ClientSizeChanged's handler saw back buffer %v and viewport %v, want %v and %v", inHandler[0], inHandler[1], want[0], want[1])
	}

	p.script = make([][]PlatformEvent, p.polls+1)
	p.fbW, p.fbH = 0, 0 // minimized
	p.script[p.polls] = []PlatformEvent{{Kind: EventFramebufferResize}}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if pp := g.GraphicsDevice().PresentationParameters(); pp.BackBufferWidth != 800 || pp.BackBufferHeight != 600 {
		t.Errorf("minimized: back buffer %dx%d, want the last size 800x600", pp.BackBufferWidth, pp.BackBufferHeight)
	}
	userResize(p, 800, 600) // restored at the same size: no reset
	mark = len(rec.lines)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.lines[mark:], "\n"); strings.Contains(got, "DeviceReset") || !strings.Contains(got, "renderer.Resize 800x600") {
		t.Errorf("restore at the same size:\n%s\nwant a renderer resize and no reset", got)
	}

	mark = len(rec.lines)
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	got = strings.Join(rec.lines[mark:], "\n")
	if !strings.Contains(got, "platform.SetClientSize 640x480") {
		t.Errorf("ApplyChanges with the preferred sizes unchanged:\n%s\nwant the window snapped back to 640x480", got)
	}
	if pp := g.GraphicsDevice().PresentationParameters(); pp.BackBufferWidth != 640 || pp.BackBufferHeight != 480 {
		t.Errorf("after ApplyChanges: back buffer %dx%d, want 640x480", pp.BackBufferWidth, pp.BackBufferHeight)
	}
	_ = g.Close()
}

// TestW9_ClientSizeIdiomKeepsTheUserSize: a game that copies the client
// size into the preferred sizes in its ClientSizeChanged handler (the XNA
// idiom) keeps the user's size through a later ApplyChanges, which then
// neither resizes the window nor resets the device.
func TestW9_ClientSizeIdiomKeepsTheUserSize(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	g.ClientSizeChanged.Add(func(g *Game) {
		gm := g.GraphicsDeviceManager()
		gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = g.ClientSize()
	})
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	userResize(p, 1000, 700)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	mark := len(rec.lines)
	if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.lines[mark:], "\n"); strings.Contains(got, "SetClientSize") || strings.Contains(got, "DeviceReset") {
		t.Errorf("ApplyChanges after the idiom:\n%s\nwant no window resize and no reset", got)
	}
	if pp := g.GraphicsDevice().PresentationParameters(); pp.BackBufferWidth != 1000 || pp.BackBufferHeight != 700 {
		t.Errorf("back buffer %dx%d, want the user's 1000x700", pp.BackBufferWidth, pp.BackBufferHeight)
	}
	_ = g.Close()
}

// TestW9_ToggleFullScreenReturnsToTheWindowSize: full screen on and then
// off with ToggleFullScreen puts the window back at the size it had before,
// here the user's resize, with no ClientSizeChanged handler in the game;
// the preferred sizes become that size.
func TestW9_ToggleFullScreenReturnsToTheWindowSize(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	userResize(p, 1000, 400)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	gm := g.GraphicsDeviceManager()
	if err := gm.ToggleFullScreen(); err != nil || !p.full {
		t.Fatalf("ToggleFullScreen on: %v, full screen %v", err, p.full)
	}
	p.clientW, p.clientH = 1920, 1080 // the monitor's size while full screen
	mark := len(rec.lines)
	if err := gm.ToggleFullScreen(); err != nil || p.full {
		t.Fatalf("ToggleFullScreen off: %v, full screen %v", err, p.full)
	}
	if got := strings.Join(rec.lines[mark:], "\n"); !strings.Contains(got, "platform.SetFullScreen false\nplatform.SetClientSize 1000x400") {
		t.Errorf("toggle off:\n%s\nwant the window back at 1000x400", got)
	}
	if w, h := p.ClientSize(); w != 1000 || h != 400 {
		t.Errorf("window %dx%d after the toggle, want 1000x400", w, h)
	}
	if gm.PreferredBackBufferWidth != 1000 || gm.PreferredBackBufferHeight != 400 {
		t.Errorf("preferred %dx%d, want 1000x400", gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight)
	}
}

// TestW9_ApplyChangesUpdatesClientSizeAtOnce: where the window system has
// applied a new size when ApplyChanges returns (the fake, X11 without a
// window manager, Wayland), ClientSize and Window().ClientBounds say it at
// once, as XNA's ClientBounds does, and ClientSizeChanged is raised once,
// after the reset (its handler sees the new back buffer and the whole-buffer
// viewport): the window system's later events change nothing more.
func TestW9_ApplyChangesUpdatesClientSizeAtOnce(t *testing.T) {
	rec := &recorder{}
	g, _, p := newTestGame(rec, timing.ProfileDefault)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	var changed []graphicsSize
	g.ClientSizeChanged.Add(func(g *Game) {
		pp := g.GraphicsDevice().PresentationParameters()
		vp := g.GraphicsDevice().Viewport()
		changed = append(changed, graphicsSize{pp.BackBufferWidth, pp.BackBufferHeight}, graphicsSize{vp.Width, vp.Height})
	})
	gm := g.GraphicsDeviceManager()
	gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 900, 500
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	w, h := g.ClientSize()
	bw, bh := g.Window().ClientBounds()
	if w != 900 || h != 500 || bw != 900 || bh != 500 {
		t.Errorf("after ApplyChanges: ClientSize %dx%d, ClientBounds %dx%d; want 900x500", w, h, bw, bh)
	}
	p.script = make([][]PlatformEvent, p.polls+1) // the window system's report of the same size
	p.script[p.polls] = []PlatformEvent{{Kind: EventFramebufferResize, Width: 900, Height: 500}, {Kind: EventResize, Width: 900, Height: 500}}
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if want := []graphicsSize{{900, 500}, {900, 500}}; !slices.Equal(changed, want) {
		t.Errorf("ClientSizeChanged saw back buffer and viewport %v, want once %v", changed, want)
	}
}

// graphicsSize is a width and a height, as a handler saw them.
type graphicsSize struct{ w, h int }
