package desktop

import (
	"errors"
	"fmt"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

// Renderer is engine.Renderer on renderer/vulkan: it draws the lit cube at
// the scene time the game sets (SetSceneTime), and the balls it sets
// (SetObjects), when the engine presents.
// Main thread only.
type Renderer struct {
	vk        *vulkan.Renderer
	win       *window.Window
	sceneTime time.Duration
	frames    uint64
}

var _ engine.Renderer = (*Renderer)(nil)

// Vulkan returns the Vulkan renderer (read-back, statistics, messages).
func (r *Renderer) Vulkan() *vulkan.Renderer { return r.vk }

// SetSceneTime sets the time the next frame shows the cube at (its rotation
// is a pure function of it). Call it from Draw.
func (r *Renderer) SetSceneTime(t time.Duration) { r.sceneTime = t }

// SetObjects sets the balls the next frames draw beside the cube: at most
// vulkan.MaxObjects, in the cube's world space (vulkan.Project maps a point
// to pixels). They stay until the next call; nil draws the cube alone. Call
// it from Draw, e.g. with interpolated positions (T8). It copies objs and
// allocates nothing; bad input is an error and changes nothing
// (see vulkan.Renderer.SetObjects).
func (r *Renderer) SetObjects(objs []vulkan.Object) error {
	if err := r.vk.SetObjects(objs); err != nil {
		return fmt.Errorf("desktop: %w", err)
	}
	return nil
}

// Frames returns how many frames were drawn and presented (one per EndDraw;
// at half rate each is presented twice: Vulkan().Presents counts presents).
func (r *Renderer) Frames() uint64 { return r.frames }

// hiddenWait bounds how long BeginDraw waits for window events while the
// window cannot be presented to, so a hidden game neither draws nor spins.
const hiddenWait = 10 * time.Millisecond

// BeginDraw reports whether a frame can be drawn: false while the window
// is hidden (or, on Wayland, not yet configured by the compositor; W8), and
// then it first waits up to hiddenWait for window events, so the loop does
// not spin; the events are delivered by the next poll. The engine already
// skips frames while minimized, and DrawFrame itself draws nothing at 0x0
// (W2). It allocates nothing.
func (r *Renderer) BeginDraw() (bool, error) {
	if r.win != nil && !r.win.CanPresent() {
		window.WaitEvents(hiddenWait)
		return false, nil
	}
	return true, nil
}

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

// SetHalfRate hands rule P8's half-rate option to the Vulkan renderer: at
// swap interval 2 each frame is rendered and presented twice on FIFO.
func (r *Renderer) SetHalfRate(on bool) error { return r.vk.SetHalfRate(on) }

// Presentation reports the requested interval, the mode chosen for it and
// the refreshes each frame is held for (P6, P8).
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

// errNotDesktop is SetObjects' error for a game without a desktop Renderer.
var errNotDesktop = errors.New("desktop: set objects: the game has no graphics device drawn by a desktop Renderer (create it with desktop.NewGame and call from Draw)")

// SetObjects sets the balls g's next frames draw beside the cube (see
// Renderer.SetObjects). It fails when g does not draw with a desktop
// Renderer (no device yet, or another platform) or when objs is bad.
func SetObjects(g *engine.Game, objs []vulkan.Object) error {
	dev := g.GraphicsDevice()
	if dev == nil {
		return errNotDesktop
	}
	r, ok := dev.Renderer().(*Renderer)
	if !ok {
		return errNotDesktop
	}
	return r.SetObjects(objs)
}
