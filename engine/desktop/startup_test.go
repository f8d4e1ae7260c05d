package desktop

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestW4_WindowFailureAfterInstanceStarted: NewPlatform starts the Vulkan
// instance before the window; when the window then fails, NewPlatform
// returns the window's error alone, and the next game starts, runs and
// ends with the validation layer silent.
func TestW4_WindowFailureAfterInstanceStarted(t *testing.T) {
	var err error
	window.Do(func() {
		_, err = NewPlatform(Config{Title: t.Name(), Width: window.MaxSide + 1, Height: 64, Validation: true})
	})
	if err == nil || !strings.Contains(err.Error(), "open window: size") {
		t.Fatalf("NewPlatform with an oversized window: %v; want the window's size error", err)
	}
	f := &frameGame{exitAt: 3}
	runStackGame(t, f, nil)
	checkNoMessages(t, f.r)
}

// TestW4_PlatformHandsTheStartedInstanceOver: the platform's first
// renderer takes the started instance over (and validation stays silent
// through its teardown); a platform destroyed without a renderer destroys
// it, and twice is harmless.
func TestW4_PlatformHandsTheStartedInstanceOver(t *testing.T) {
	unused := openPlatform(t)
	window.Do(func() { unused.Destroy(); unused.Destroy() })
	if unused.pending != nil {
		t.Error("Destroy left the started instance alive")
	}
	p := openPlatform(t)
	var r engine.Renderer
	var err error
	window.Do(func() {
		defer p.Destroy()
		if r, err = p.CreateRenderer(engine.RendererConfig{Present: engine.PresentSettings{SwapInterval: 1}}); err != nil {
			return
		}
		if p.pending != nil {
			err = errors.New("CreateRenderer left the started instance to the platform")
		}
		r.Destroy()
	})
	windowtest.SkipIfNoStack(t, err, noDriver...)
	checkNoMessages(t, r.(*Renderer))
}

// openPlatform opens a 64x64 platform with validation on, or skips (fails
// under METRONOME_REQUIRE_GPU=1) without a display.
func openPlatform(t *testing.T) *Platform {
	t.Helper()
	var p *Platform
	var err error
	window.Do(func() { p, err = NewPlatform(Config{Title: t.Name(), Width: 64, Height: 64, Validation: true}) })
	windowtest.SkipIfNoStack(t, err)
	if p.pending == nil {
		t.Fatal("NewPlatform started no Vulkan instance")
	}
	return p
}
