package graphics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// VirtualScreen is a fixed virtual resolution for pixel-art games (rule
// G15): the game draws a width x height frame between Begin and End, in
// virtual pixels, and End scales it onto the back buffer with point
// sampling, as large as fits while keeping the aspect ratio, centred, with
// bars of Border colour around it (a letterbox). ToVirtual maps a
// back-buffer position (the mouse) back into virtual pixels.
//
//	vs, err := graphics.NewVirtualScreen(dev, 320, 180) // in LoadContent
//	...
//	vs.Begin()                                        // in Draw
//	dev.Clear(graphics.CornflowerBlue)                // and draw at 320x180
//	vs.End()
//
// Used from the game loop's goroutine only; Begin and End go inside Draw.
type VirtualScreen struct {
	dev    *Device
	target *RenderTarget2D
	batch  *SpriteBatch
	w, h   int
	dest   Rectangle // where the last End drew the frame on the back buffer
	begun  bool

	// IntegerScaling scales by whole multiples only (1x, 2x, 3x...), so
	// every virtual pixel is the same number of screen pixels; the bars
	// are then wider. Below 1x the frame is scaled down smoothly to fit.
	// Default false: the largest scale that fits.
	IntegerScaling bool
	// Border is the letterbox bars' colour; default black.
	Border Color
}

// NewVirtualScreen returns a virtual screen of width x height pixels on
// dev: a render target of that size and a SpriteBatch that scales it.
func NewVirtualScreen(dev *Device, width, height int) (*VirtualScreen, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: new virtual screen: the device is nil: %w", ErrInvalid)
	}
	rt, err := NewRenderTarget2D(dev, width, height, RenderTargetOptions{})
	if err != nil {
		return nil, fmt.Errorf("graphics: new virtual screen %dx%d: %w", width, height, err)
	}
	sb, err := NewSpriteBatch(dev)
	if err != nil {
		rt.Dispose()
		return nil, fmt.Errorf("graphics: new virtual screen: %w", err)
	}
	return &VirtualScreen{dev: dev, target: rt, batch: sb, w: width, h: height, Border: Black}, nil
}

// Size returns the virtual resolution.
func (v *VirtualScreen) Size() (width, height int) { return v.w, v.h }

// Target returns the render target the frame is drawn into.
func (v *VirtualScreen) Target() *RenderTarget2D { return v.target }

// Begin makes the virtual frame the target of the draws that follow (the
// viewport is then width x height). Its contents are undefined until
// cleared, as any render target's.
func (v *VirtualScreen) Begin() error {
	if v.begun {
		return fmt.Errorf("graphics: virtual screen: Begin twice without End: %w", ErrInvalid)
	}
	v.dev.SetRenderTarget(v.target)
	v.begun = true
	return nil
}

// End makes the back buffer the target again, clears it to Border and
// draws the virtual frame on it, scaled to fit (Fit). Draws after End go
// to the back buffer in its own pixels (a HUD at full resolution, say).
func (v *VirtualScreen) End() error {
	if !v.begun {
		return fmt.Errorf("graphics: virtual screen: End without Begin: %w", ErrInvalid)
	}
	v.begun = false
	v.dev.SetRenderTarget(nil)
	vp := v.dev.Viewport()
	v.dest = Fit(vp.Width, vp.Height, v.w, v.h, v.IntegerScaling)
	if err := v.dev.Clear(v.Border); err != nil {
		return fmt.Errorf("graphics: virtual screen: end: %w", err)
	}
	if err := v.batch.BeginWith(SpriteBatchSettings{Blend: &Opaque, Sampler: &PointClamp}); err != nil {
		return fmt.Errorf("graphics: virtual screen: end: %w", err)
	}
	v.batch.DrawRect(v.target.Texture2D, v.dest, White)
	if err := v.batch.End(); err != nil {
		return fmt.Errorf("graphics: virtual screen: end: %w", err)
	}
	return nil
}

// Destination returns where the last End drew the frame, in back-buffer
// pixels (zero before the first End).
func (v *VirtualScreen) Destination() Rectangle { return v.dest }

// ToVirtual maps a back-buffer position (the mouse position times the
// window's pixel ratio, which is 1 on X11 and Windows) into virtual pixels,
// through where the last End drew the frame. inside reports whether it
// falls on the frame rather than on a bar; outside, the position is still
// mapped (it is then off the frame's edges). Before the first End it maps
// nothing: it returns the position unchanged and false.
func (v *VirtualScreen) ToVirtual(x, y float64) (vx, vy float64, inside bool) {
	d := v.dest
	if d.Width <= 0 || d.Height <= 0 {
		return x, y, false
	}
	vx = (x - float64(d.X)) * float64(v.w) / float64(d.Width)
	vy = (y - float64(d.Y)) * float64(v.h) / float64(d.Height)
	return vx, vy, vx >= 0 && vy >= 0 && vx < float64(v.w) && vy < float64(v.h)
}

// ToVirtualVec is ToVirtual for a mgl32.Vec2, as sprite positions are.
func (v *VirtualScreen) ToVirtualVec(p mgl32.Vec2) (mgl32.Vec2, bool) {
	x, y, in := v.ToVirtual(float64(p[0]), float64(p[1]))
	return mgl32.Vec2{float32(x), float32(y)}, in
}

// Dispose releases the render target.
func (v *VirtualScreen) Dispose() { v.target.Dispose() }

// Fit returns the largest rectangle of a virtualW x virtualH frame's
// aspect ratio that fits a targetW x targetH target, centred (the
// letterbox or pillarbox). With integer it scales by a whole multiple
// (at least 1x when that fits; smaller targets get the fractional fit).
func Fit(targetW, targetH, virtualW, virtualH int, integer bool) Rectangle {
	if targetW <= 0 || targetH <= 0 || virtualW <= 0 || virtualH <= 0 {
		return Rectangle{}
	}
	s := math.Min(float64(targetW)/float64(virtualW), float64(targetH)/float64(virtualH))
	if integer && s >= 1 {
		s = math.Floor(s)
	}
	w := min(int(math.Round(float64(virtualW)*s)), targetW)
	h := min(int(math.Round(float64(virtualH)*s)), targetH)
	return Rectangle{X: (targetW - w) / 2, Y: (targetH - h) / 2, Width: w, Height: h}
}
