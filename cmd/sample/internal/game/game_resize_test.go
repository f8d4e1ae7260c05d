package game

import (
	"slices"
	"testing"

	"github.com/metronome-engine/metronome/engine"
)

// resizePlatform is a keyPlatform whose window the user resizes: at poll
// resizeAt its client and framebuffer sizes become newW x newH (with the
// resize events); the game's SetClientSize calls are recorded and applied.
type resizePlatform struct {
	keyPlatform
	w, h, newW, newH int
	resizeAt         int
	sets             [][2]int
}

func (p *resizePlatform) PollEvents(dst []engine.PlatformEvent) []engine.PlatformEvent {
	if p.polls == p.resizeAt {
		p.w, p.h = p.newW, p.newH
		dst = append(dst, engine.PlatformEvent{Kind: engine.EventResize, Width: p.w, Height: p.h},
			engine.PlatformEvent{Kind: engine.EventFramebufferResize, Width: p.w, Height: p.h})
	}
	return p.keyPlatform.PollEvents(dst)
}
func (p *resizePlatform) ClientSize() (int, int)      { return p.w, p.h }
func (p *resizePlatform) FramebufferSize() (int, int) { return p.w, p.h }
func (p *resizePlatform) SetClientSize(w, h int) {
	p.sets = append(p.sets, [2]int{w, h})
	p.w, p.h = w, h
}

// TestResizedWindowKeepsItsSizeOnApplyChanges: the user resizes
// the window from 320x240 to 500x400, then presses 0, 2 and H (each an
// ApplyChanges): the sample's ClientSizeChanged handler copied the new size
// into the preferred back-buffer sizes, so the window is never snapped back
// to 320x240 and the device's back buffer is 500x400 (before the handler,
// the preferred sizes kept 320x240 for ApplyChanges to apply).
func TestResizedWindowKeepsItsSizeOnApplyChanges(t *testing.T) {
	opt, err := parseGameFlags([]string{"-fixed-dt", "16.6667ms", "-size", "320x240"})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := opt.engineConfig()
	if err != nil {
		t.Fatal(err)
	}
	script := [][]engine.PlatformEvent{
		{}, {}, {}, {key(engine.Key0, engine.Press)}, {key(engine.Key0, engine.Release)},
		{key(engine.Key2, engine.Press)}, {key(engine.Key2, engine.Release)},
		{key(engine.KeyH, engine.Press)}, {key(engine.KeyH, engine.Release)},
	}
	p := &resizePlatform{keyPlatform: keyPlatform{script: script, rend: &keyRenderer{}},
		w: 320, h: 240, newW: 500, newH: 400, resizeAt: 2}
	s, err := newSampleGame(opt, cfg, &testWriter{t})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(s, p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if err := s.configure(g); err != nil {
		t.Fatal(err)
	}
	tick(t, g, len(script)+1)
	if want := []int{1, 0, 2, 2}; !slices.Equal(p.rend.swaps, want) || !p.rend.half {
		t.Fatalf("swap intervals %v, half rate %v; want %v and on: the keys did not apply", p.rend.swaps, p.rend.half, want)
	}
	for _, sz := range p.sets {
		if sz != [2]int{500, 400} {
			t.Errorf("ApplyChanges set the client size to %dx%d after the user made it 500x400 (snapped back)", sz[0], sz[1])
		}
	}
	if w, h := p.ClientSize(); w != 500 || h != 400 {
		t.Errorf("window %dx%d, want 500x400", w, h)
	}
	m := g.GraphicsDeviceManager()
	if m.PreferredBackBufferWidth != 500 || m.PreferredBackBufferHeight != 400 {
		t.Errorf("preferred back buffer %dx%d, want the client size 500x400",
			m.PreferredBackBufferWidth, m.PreferredBackBufferHeight)
	}
	if pp := g.GraphicsDevice().PresentationParameters(); pp.BackBufferWidth != 500 || pp.BackBufferHeight != 400 {
		t.Errorf("device back buffer %dx%d after ApplyChanges, want 500x400", pp.BackBufferWidth, pp.BackBufferHeight)
	}
}

// testWriter sends the sample's stderr lines to the test log.
type testWriter struct{ t *testing.T }

func (w *testWriter) Write(b []byte) (int, error) { w.t.Log(string(b)); return len(b), nil }
