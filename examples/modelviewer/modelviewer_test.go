package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/enginetest/desktoptest"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
	"github.com/metronome-engine/metronome/window/windowtest"
)

// TestMain serves the main thread for the tests that open a real window.
func TestMain(m *testing.M) { desktoptest.RunMain(m) }

// TestM1_ModelViewerShowsAModel: the viewer loads a three-node model the
// test writes and draws 30 frames on the real stack (virtual time,
// validation on: any message fails the run).
func TestM1_ModelViewerShowsAModel(t *testing.T) {
	file := chainModel(t)
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	v := &viewer{file: file, pitch: 0.3, zoom: 1, frames: 30}
	window.Do(func() {
		err = desktop.Run(v, desktop.Config{Title: "modelviewer test", Width: 320, Height: 240, Validation: true,
			Engine: engine.Config{Source: fixed, Waiter: fixed}})
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader)
	if err != nil {
		t.Fatal(err)
	}
	if v.draws != 30 || len(v.model.Meshes) != 3 {
		t.Errorf("%d draws of %d meshes, want 30 of 3", v.draws, len(v.model.Meshes))
	}
}

// TestK3_ModelViewerPlaysTheAnimation: a skinned model's chosen clip
// plays on game time while the viewer draws it (virtual time, validation
// on).
func TestK3_ModelViewerPlaysTheAnimation(t *testing.T) {
	file := filepath.Join("..", "..", "engine", "graphics", "testdata", "animated", "chain.glb")
	fixed, err := timing.NewFixedDt(time.Second / 60)
	if err != nil {
		t.Fatal(err)
	}
	v := &viewer{file: file, pitch: 0.3, zoom: 1, frames: 30, clip: 1}
	window.Do(func() {
		err = desktop.Run(v, desktop.Config{Title: "modelviewer test", Width: 320, Height: 240, Validation: true,
			Engine: engine.Config{Source: fixed, Waiter: fixed}})
	})
	windowtest.SkipIfNoStack(t, err, vulkan.ErrNoDriver, vulkan.ErrNoLoader)
	if err != nil {
		t.Fatal(err)
	}
	if v.player == nil || v.player.CurrentClip() != v.model.Animations[1] {
		t.Fatalf("player %v: want clip 1 (sway) playing", v.player)
	}
	if at := v.player.CurrentTime(); at < 300*time.Millisecond || at > 600*time.Millisecond {
		t.Errorf("after 30 frames at 60 Hz the clip is at %v, want about 0.5 s", at)
	}
}
