package engine

import (
	"fmt"
	"image"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
)

// Renderer is what the game loop needs from a renderer: the backend that
// executes the frames' drawing, the presents, and the presentation
// settings. Package engine/desktop implements it with renderer/vulkan;
// tests use a recording fake. All methods are called from the loop's
// goroutine.
type Renderer interface {
	// Backend returns the graphics backend that creates the game's
	// textures and buffers and executes its frame records. The engine
	// makes the GraphicsDevice's graphics.Device over it once, at device
	// creation; it must stay valid until Destroy.
	Backend() graphics.Backend
	// BeginDraw prepares a frame (acquires a back buffer) and reports
	// whether one can be drawn now (false: skip this frame's Draw and
	// EndDraw, the loop goes on).
	BeginDraw() (bool, error)
	// BackBufferSize returns the size in pixels of the back buffer the last
	// successful BeginDraw prepared; the frame is recorded at that size.
	BackBufferSize() (width, height int)
	// EndDraw executes f, the frame recorded since BeginDraw (f.Present is
	// true; see graphics.Backend.Execute), into the back buffer and
	// presents it (GraphicsDevice.Present). When capture is true it first
	// copies the frame's image on the GPU and returns it in
	// PresentInfo.Capture (rule G11); otherwise Capture is nil. Times are
	// read from RendererConfig.Clock.
	EndDraw(f *graphics.Frame, capture bool) (PresentInfo, error)
	// SetPresentation applies new presentation settings from the next frame
	// on: swap interval and half rate together, in one call, so a change of
	// both rebuilds the swapchain once (P3, P5, P8). Unchanged settings
	// rebuild nothing. The engine validates s first.
	SetPresentation(s PresentSettings) error
	// Presentation reports the requested interval and the present mode in
	// use, and whether it fell back (P6).
	Presentation() present.Choice
	// SkippedPresents returns how many frames BeginDraw skipped because
	// they could not be presented within the renderer's bound (W7: no
	// image, or no frame callback, in time), since the renderer was made.
	SkippedPresents() uint64
	// Resize tells the renderer that the framebuffer is now width x height
	// pixels; it rebuilds before the next frame (W2).
	Resize(width, height int) error
	// WaitIdle waits until the device has finished all submitted work.
	WaitIdle() error
	// Destroy releases everything the renderer created, in reverse order
	// (W4). The engine calls it once, after WaitIdle.
	Destroy()
}

// PresentationCounter is an optional Renderer extension: a renderer that
// counts how its present-mode changes went (P5, P11). GraphicsDevice's
// PresentationCounts reads it; engine/desktop's renderer implements it.
type PresentationCounter interface {
	// PresentationCounts returns the present-mode changes so far: how
	// many, how many in place, and the swapchain rebuilds after the first.
	PresentationCounts() present.SwitchCounts
}

// PresentSettings are how frames are presented: the one value the engine
// hands to a renderer at creation (RendererConfig.Present) and on a reset
// (Renderer.SetPresentation). Comparable.
type PresentSettings struct {
	// SwapInterval is 0, 1 or 2, mapped from the PresentInterval (P3) and
	// meant to be used unchanged (P4 maps it to a present mode).
	SwapInterval int
	// HalfRate asks for rule P8's true half rate: at swap interval 2 the
	// renderer takes FIFO and presents each frame twice; other intervals
	// ignore it.
	HalfRate bool
	// MultiSampleCount is the back buffer's samples per pixel asked for
	// (PresentationParameters.MultiSampleCount): 0 for none; the renderer
	// rounds it down to what the device supports (rule G22).
	MultiSampleCount int
}

// Validate returns an error for a swap interval other than 0, 1 or 2, or
// a negative MultiSampleCount.
func (s PresentSettings) Validate() error {
	if _, err := present.ModeForSwapInterval(s.SwapInterval); err != nil {
		return fmt.Errorf("present settings: %w", err)
	}
	if s.MultiSampleCount < 0 {
		return fmt.Errorf("present settings: MultiSampleCount %d, want 0 (none) or more", s.MultiSampleCount)
	}
	return nil
}

// PresentInfo is what a renderer reports about one present (EndDraw).
type PresentInfo struct {
	// Index counts the renderer's presented frames, from 1 (a half-rate
	// frame presented twice counts once).
	Index uint64
	// Queued is when the present was queued and Returned when the present
	// call returned, on the engine's time source (RendererConfig.Clock).
	Queued, Returned time.Duration
	// Capture is the presented image when a capture was asked for, else
	// nil. It belongs to the renderer and stays valid until the next
	// EndDraw.
	Capture *image.RGBA
}
