package engine

import "github.com/metronome-engine/metronome/renderer/present"

// Renderer is what the game loop needs from a renderer. Package
// engine/desktop implements it with renderer/vulkan; tests use a recording
// fake. All methods are called from the loop's goroutine.
type Renderer interface {
	// BeginDraw prepares a frame and reports whether one can be drawn now
	// (false: skip this frame's Draw and EndDraw, the loop goes on).
	BeginDraw() (bool, error)
	// EndDraw finishes the frame begun by BeginDraw and presents it
	// (GraphicsDevice.Present).
	EndDraw() error
	// SetSwapInterval asks for swap interval 0, 1 or 2 from the next frame
	// on (P3, P5); an unchanged interval rebuilds nothing.
	SetSwapInterval(n int) error
	// SetHalfRate turns rule P8's true half-rate presentation on or off
	// from the next frame on: at swap interval 2 it takes FIFO and presents
	// each frame twice (Presentation reports Hold 2); other intervals are
	// unaffected. An unchanged present mode rebuilds nothing (P5).
	SetHalfRate(on bool) error
	// Presentation reports the requested interval and the present mode in
	// use, and whether it fell back (P6).
	Presentation() present.Choice
	// Resize tells the renderer that the framebuffer is now width x height
	// pixels; it rebuilds before the next frame (W2).
	Resize(width, height int) error
	// WaitIdle waits until the device has finished all submitted work.
	WaitIdle() error
	// Destroy releases everything the renderer created, in reverse order
	// (W4). The engine calls it once, after WaitIdle.
	Destroy()
}
