package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// configGame is a scriptGame that also implements Configurer.
type configGame struct {
	scriptGame
	configure func(g *Game) error
	calls     int
}

func (c *configGame) Configure(g *Game) error {
	c.calls++
	c.rec.add("Configure")
	return c.configure(g)
}

// newConfigGame makes a Game over a fake platform for a configGame.
func newConfigGame(t *testing.T, rec *recorder, configure func(g *Game) error) (*Game, *configGame, *fakePlatform) {
	p := newFakePlatform(rec)
	c := &configGame{scriptGame: scriptGame{rec: rec}, configure: configure}
	g, err := NewGame(c, p, Config{Source: p.clock, Waiter: p.clock})
	if err != nil {
		t.Fatal(err)
	}
	return g, c, p
}

// TestConfigurer_SettingsBeforeTheDevice: Configure runs once, first, and
// the settings it makes (preferred size, vertical sync, a
// PreparingDeviceSettings handler) are what the device is created with, on
// Run's path and on RunOneFrame's.
func TestConfigurer_SettingsBeforeTheDevice(t *testing.T) {
	for _, path := range []string{"Run", "RunOneFrame"} {
		t.Run(path, func(t *testing.T) {
			rec := &recorder{}
			g, c, p := newConfigGame(t, rec, func(g *Game) error {
				gm := g.GraphicsDeviceManager()
				gm.PreferredBackBufferWidth, gm.PreferredBackBufferHeight = 1024, 768
				gm.SynchronizeWithVerticalRetrace = false
				gm.PreparingDeviceSettings.Add(func(*GraphicsDeviceInformation) { rec.add("event PreparingDeviceSettings") })
				return nil
			})
			c.onUpdate = func(g *Game, n int, _ timing.GameTime) {
				if n == 2 {
					g.Exit()
				}
			}
			var err error
			if path == "Run" {
				err = g.Run()
			} else {
				err = errors.Join(g.RunOneFrame(), g.RunOneFrame(), g.Close())
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.calls != 1 {
				t.Errorf("Configure called %d times, want 1", c.calls)
			}
			if len(p.rendCfg) != 1 || p.rendCfg[0].Width != 1024 || p.rendCfg[0].Height != 768 ||
				p.rendCfg[0].Present != (PresentSettings{SwapInterval: 0}) {
				t.Errorf("renderer created with %+v, want one 1024x768 with swap interval 0", p.rendCfg)
			}
			head := strings.Join(rec.lines[:min(4, len(rec.lines))], "; ")
			if want := "Configure; event PreparingDeviceSettings; platform.SetClientSize 1024x768; platform.CreateRenderer 1024x768 swap=0"; head != want {
				t.Errorf("start: %s\nwant:  %s", head, want)
			}
		})
	}
}

// TestConfigurer_ErrorEndsRunBeforeTheDevice: an error from Configure ends
// Run with it, before any device exists and without the other hooks; the
// platform is still destroyed.
func TestConfigurer_ErrorEndsRunBeforeTheDevice(t *testing.T) {
	rec := &recorder{}
	bad := errors.New("no such level")
	g, _, p := newConfigGame(t, rec, func(*Game) error { return bad })
	err := g.Run()
	if !errors.Is(err, bad) || !strings.Contains(err.Error(), "Configure") {
		t.Errorf("Run returned %v, want the Configure error", err)
	}
	if len(p.rendCfg) != 0 || p.destroyed != 1 {
		t.Errorf("%d renderers created, platform destroyed %d times; want 0 and 1", len(p.rendCfg), p.destroyed)
	}
	if got := rec.String(); got != "Configure\nplatform.Destroy\n" {
		t.Errorf("transcript:\n%s", got)
	}
}

// TestConfigurer_DeviceEventsInConfigureAreAnError: subscribing to the
// device's events inside Configure, before the device exists, is an error
// from Run that says where to subscribe, not a nil dereference; the
// manager's fields and events stay usable there, and GraphicsDevice is nil
// again after Configure until the device exists.
func TestConfigurer_DeviceEventsInConfigureAreAnError(t *testing.T) {
	rec := &recorder{}
	g, _, p := newConfigGame(t, rec, func(g *Game) error {
		dev := g.GraphicsDevice()
		if dev == nil {
			t.Fatal("GraphicsDevice is nil inside Configure; want the placeholder")
		}
		if c := dev.Presentation(); c != (present.Choice{}) || dev.SkippedPresents() != 0 {
			t.Errorf("placeholder reports %+v, %d skipped", c, dev.SkippedPresents())
		}
		if err := dev.Reset(dev.PresentationParameters()); err == nil {
			t.Error("Reset of the placeholder succeeded")
		}
		dev.Presented.Add(func(*Presented) {})
		g.GraphicsDeviceManager().DeviceCreated.Add(func(*GraphicsDevice) {})
		return nil
	})
	err := g.Run()
	if err == nil || !strings.Contains(err.Error(), "GraphicsDevice().Presented") || !strings.Contains(err.Error(), "Initialize") {
		t.Fatalf("Run returned %v, want an error naming Presented and Initialize", err)
	}
	if len(p.rendCfg) != 0 || p.destroyed != 1 || g.GraphicsDevice() != nil {
		t.Errorf("%d renderers created, platform destroyed %d times, device %v; want 0, 1, nil", len(p.rendCfg), p.destroyed, g.GraphicsDevice())
	}
}

// TestGraphicsDevice_DrawsDirectly: the GraphicsDevice has the drawing
// device's methods (g.GraphicsDevice().Clear), the same device Graphics
// returns, and GraphicsDeviceManager is the manager Graphics returns.
func TestGraphicsDevice_DrawsDirectly(t *testing.T) {
	rec := &recorder{}
	g, c, p := newConfigGame(t, rec, func(*Game) error { return nil })
	c.onDraw = func(g *Game, n int, _ timing.GameTime) {
		dev := g.GraphicsDevice()
		if dev.Device == nil {
			t.Error("the embedded Device is nil")
		}
		if err := dev.Clear(graphics.CornflowerBlue); err != nil {
			t.Error(err)
		}
		if n == 2 {
			g.Exit()
		}
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if p.renderer.lastFrame.clear != graphics.CornflowerBlue {
		t.Errorf("last frame cleared to %v, want CornflowerBlue", p.renderer.lastFrame.clear)
	}
}
