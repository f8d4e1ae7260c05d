package desktop

import (
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/window"
)

// TestP8_HalfRateThroughTheEngine runs a game on lavapipe with validation
// on whose PreparingDeviceSettings handler asks for interval Two with
// HalfRate: the device presents with FIFO (emulated on Wayland, W10),
// Hold 2, and every drawn frame is presented twice. At frame 60 the
// handler drops HalfRate and calls ApplyChanges: from then on interval Two
// is FIFO_RELAXED (P4), or its fallback, one present per frame. (Xvfb has
// no vertical blank, so the hold is counted, not seen.)
func TestP8_HalfRateThroughTheEngine(t *testing.T) {
	half := true
	var midFrames, midPresents uint64
	var mid, last present.Choice
	var midMode present.PresentMode
	var lastFrames, lastPresents uint64
	var modes present.ModeSet
	f := &frameGame{exitAt: 120}
	f.do = func(g *engine.Game, n int) {
		// Read while the renderer lives (Destroy zeroes it); Draw runs
		// before its frame is presented.
		vk := f.r.Vulkan()
		lastFrames, lastPresents, last, modes = f.r.Frames(), vk.Status().Presents, vk.Status().Presentation, vk.Status().Supported
		if n != 60 {
			return
		}
		midFrames, midPresents, mid, midMode = f.r.Frames(), vk.Status().Presents, vk.Status().Presentation, vk.Status().ModeInUse
		half = false
		if err := g.GraphicsDeviceManager().ApplyChanges(); err != nil {
			t.Error(err)
		}
	}
	runStackGame(t, f, func(g *engine.Game) {
		g.GraphicsDeviceManager().PreparingDeviceSettings.Add(func(info *engine.GraphicsDeviceInformation) {
			info.PresentationParameters.PresentationInterval = present.IntervalTwo
			info.PresentationParameters.HalfRate = half
		})
	})
	checkNoMessages(t, f.r)
	wantMid := present.EmulateFIFO(present.Choice{Mode: present.ModeFIFO}, modes, window.HasFrameCallbacks()).Mode
	if midFrames < 50 || midPresents != 2*midFrames || midMode != wantMid || mid.Hold != 2 || mid.Emulated != window.HasFrameCallbacks() {
		t.Errorf("half rate: %d frames, %d presents, mode %v, %+v; want twice as many presents, %v, hold 2",
			midFrames, midPresents, midMode, mid, wantMid)
	}
	frames, presents := lastFrames-midFrames, lastPresents-midPresents
	want, err := chooseMode(2, modes)
	if err != nil {
		t.Fatal(err)
	}
	last.Switch = present.SwitchNone // in place or rebuilt: the driver's (P11)
	if frames < 50 || presents != frames || last != want {
		t.Errorf("half rate off: %d frames, %d presents, %+v; want one present each, %+v", frames, presents, last, want)
	}
	t.Logf("%d frames at half rate (%d presents), then %d frames (%d presents) with %v",
		midFrames, midPresents, frames, presents, want.DisplayMode())
}
