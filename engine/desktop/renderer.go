package desktop

import (
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/vulkan"
)

// Renderer is engine.Renderer on renderer/vulkan: it draws the lit cube at
// the scene time the game sets (SetSceneTime) when the engine presents.
// Main thread only.
type Renderer struct {
	vk        *vulkan.Renderer
	sceneTime time.Duration
	frames    uint64
}

var _ engine.Renderer = (*Renderer)(nil)

// Vulkan returns the Vulkan renderer (read-back, statistics, messages).
func (r *Renderer) Vulkan() *vulkan.Renderer { return r.vk }

// SetSceneTime sets the time the next frame shows the cube at (its rotation
// is a pure function of it). Call it from Draw.
func (r *Renderer) SetSceneTime(t time.Duration) { r.sceneTime = t }

// Frames returns how many frames were presented.
func (r *Renderer) Frames() uint64 { return r.frames }

// BeginDraw reports true: the engine already skips frames while the window
// is minimized, and DrawFrame itself draws nothing at 0x0 (W2). It queries
// nothing (go-gl's size getters allocate).
func (r *Renderer) BeginDraw() (bool, error) { return true, nil }

// EndDraw draws the frame at the scene time and presents it; the renderer
// rebuilds its swapchain first when needed (W2, P5).
func (r *Renderer) EndDraw() error {
	drawn, err := r.vk.DrawFrame(r.sceneTime)
	if err != nil {
		return fmt.Errorf("desktop: %w", err)
	}
	if drawn {
		r.frames++
	}
	return nil
}

// SetSwapInterval hands the swap interval to the Vulkan renderer unchanged
// (P3, P5).
func (r *Renderer) SetSwapInterval(n int) error { return r.vk.SetSwapInterval(n) }

// Presentation reports the requested interval and the mode chosen for it (P6).
func (r *Renderer) Presentation() present.Choice { return r.vk.Presentation() }

// Resize marks the swapchain for a rebuild at the next frame (W2).
func (r *Renderer) Resize(width, height int) error {
	r.vk.Resize()
	return nil
}

// WaitIdle waits for the device to finish its work.
func (r *Renderer) WaitIdle() error { return r.vk.WaitIdle() }

// Destroy destroys every Vulkan object in reverse order (W4). The
// validation messages stay readable through Vulkan().Messages().
func (r *Renderer) Destroy() { r.vk.Destroy() }

// SceneTime sets the desktop renderer's scene time for g's next frame and
// reports whether g draws with a desktop Renderer.
func SceneTime(g *engine.Game, t time.Duration) bool {
	dev := g.GraphicsDevice()
	if dev == nil {
		return false
	}
	r, ok := dev.Renderer().(*Renderer)
	if ok {
		r.SetSceneTime(t)
	}
	return ok
}
