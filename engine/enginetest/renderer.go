package enginetest

import (
	"fmt"
	"image"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// Renderer is a fake engine.Renderer: it executes each frame record on a
// graphicstest.Backend (Graphics), which checks it and keeps CPU copies of
// textures and buffers, counts the frames, and presents nothing. Its
// surface offers every present mode, chosen as the real renderer chooses
// (present.ChooseModeHold). A capture (GraphicsDevice.RequestCapture,
// SetCaptureAtExit) is the back buffer filled with the frame's first
// back-buffer clear colour: draws are not rasterized.
type Renderer struct {
	// Created counts CreateRenderer calls (device creations).
	Created int
	// Begins counts BeginDraw calls, Presents the frames presented.
	Begins, Presents int
	// Captures counts the presents that captured an image.
	Captures int
	// LastClear is the last presented frame's first back-buffer clear
	// colour (zero when it cleared none).
	LastClear graphics.Color
	// FailCreate, FailBegin and FailEnd, when set, are returned by the
	// next CreateRenderer, BeginDraw or EndDraw call (and then cleared), as
	// a lost device would.
	FailCreate, FailBegin, FailEnd error

	counts   present.SwitchCounts
	gfx      *graphicstest.Backend
	modes    present.ModeSet
	settings engine.PresentSettings
	clock    timing.Source
	w, h     int
	capture  *image.RGBA
}

// NewRenderer returns a fake over a new graphicstest.Backend.
func NewRenderer() *Renderer {
	return &Renderer{gfx: graphicstest.New(), modes: present.NewModeSet(
		present.ModeImmediate, present.ModeMailbox, present.ModeFIFO, present.ModeFIFORelaxed)}
}

// Graphics returns the fake drawing backend: its Textures, Buffers and
// Effects are what the game created, Presents counts executed frames, and
// with Keep set every frame record is kept in Frames.
func (r *Renderer) Graphics() *graphicstest.Backend { return r.gfx }

// Settings returns the presentation settings in use (swap interval and
// half rate).
func (r *Renderer) Settings() engine.PresentSettings { return r.settings }

// Backend returns Graphics as the engine's graphics.Backend.
func (r *Renderer) Backend() graphics.Backend { return r.gfx }

// BeginDraw counts the frame; it fails with FailBegin when set.
func (r *Renderer) BeginDraw() (bool, error) {
	r.Begins++
	if err := r.FailBegin; err != nil {
		r.FailBegin = nil
		return false, err
	}
	return true, nil
}

// BackBufferSize returns the framebuffer's size at creation or the last
// Resize.
func (r *Renderer) BackBufferSize() (int, int) { return r.w, r.h }

// EndDraw executes f on Graphics (which checks it), counts the present
// and stamps it with the engine's clock; with capture it returns the back
// buffer filled with the frame's clear colour.
func (r *Renderer) EndDraw(f *graphics.Frame, capture bool) (engine.PresentInfo, error) {
	if err := r.FailEnd; err != nil {
		r.FailEnd = nil
		return engine.PresentInfo{}, err
	}
	if !f.Present || f.BackBufferWidth != r.w || f.BackBufferHeight != r.h {
		return engine.PresentInfo{}, fmt.Errorf("enginetest: frame present=%v at %dx%d, back buffer %dx%d",
			f.Present, f.BackBufferWidth, f.BackBufferHeight, r.w, r.h)
	}
	queued := r.clock.Now()
	if err := r.gfx.Execute(f); err != nil {
		return engine.PresentInfo{}, err
	}
	r.LastClear = graphics.Color{}
	for _, p := range f.Passes {
		if p.Target == 0 && p.Clear&graphics.ClearTarget != 0 {
			r.LastClear = p.ClearColor
			break
		}
	}
	r.Presents++
	info := engine.PresentInfo{Index: uint64(r.Presents), Queued: queued, Returned: r.clock.Now()}
	if capture {
		r.Captures++
		if r.capture == nil || r.capture.Rect.Dx() != r.w || r.capture.Rect.Dy() != r.h {
			r.capture = image.NewRGBA(image.Rect(0, 0, r.w, r.h))
		}
		c := r.LastClear
		for i := 0; i < len(r.capture.Pix); i += 4 {
			r.capture.Pix[i], r.capture.Pix[i+1], r.capture.Pix[i+2], r.capture.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		info.Capture = r.capture
	}
	return info, nil
}

// SetPresentation validates and applies s. A change of the present mode
// in use counts in PresentationCounts as a change made in place: the fake
// has no swapchain to rebuild.
func (r *Renderer) SetPresentation(s engine.PresentSettings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	before := r.Presentation()
	r.settings = s
	if r.Presentation().Mode != before.Mode {
		r.counts.Changes++
		r.counts.InPlace++
	}
	return nil
}

// PresentationCounts returns the present-mode changes SetPresentation made
// (all in place) and, as Rebuilds, the Resize calls that changed the back
// buffer's size, where a real renderer rebuilds its swapchain.
func (r *Renderer) PresentationCounts() present.SwitchCounts { return r.counts }

// Presentation reports the mode the settings choose among all modes.
func (r *Renderer) Presentation() present.Choice {
	c, err := present.ChooseModeHold(r.settings.SwapInterval, r.settings.HalfRate, r.modes)
	if err != nil {
		return present.Choice{} // cannot happen: the mode set is full and the settings validated
	}
	return c
}

// SkippedPresents returns 0: the fake never skips a frame.
func (r *Renderer) SkippedPresents() uint64 { return 0 }

// Resize sets the back buffer's size; a new size counts as a rebuild in
// PresentationCounts.
func (r *Renderer) Resize(width, height int) error {
	if width != r.w || height != r.h {
		r.counts.Rebuilds++
	}
	r.w, r.h = width, height
	return nil
}

// WaitIdle returns nil: nothing runs in the background.
func (r *Renderer) WaitIdle() error { return nil }

// Destroy does nothing; the counts stay readable.
func (r *Renderer) Destroy() {}

var (
	_ engine.Renderer            = (*Renderer)(nil)
	_ engine.PresentationCounter = (*Renderer)(nil)
)
