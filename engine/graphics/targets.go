package graphics

import "fmt"

// MaxRenderTargets is the most render targets SetRenderTargets binds at
// once (XNA's HiDef profile: four).
const MaxRenderTargets = 4

// RenderTargetBinding is one render target of a SetRenderTargets call
// (XNA's RenderTargetBinding).
type RenderTargetBinding struct {
	// RenderTarget is the target drawn into.
	RenderTarget *RenderTarget2D
}

// SetRenderTargets makes up to MaxRenderTargets render targets the
// targets of the draws and clears that follow (multiple render targets,
// rule G21); no bindings is the back buffer. An Effect's fragment output
// at location i draws into the i-th target; BasicEffect, the other
// engine effects and SpriteBatch write the first target only and leave
// the others unchanged (XNA leaves them undefined). The targets share
// the first one's depth buffer (its DepthFormat, as XNA); a Clear clears
// every target to the same colour. The viewport and scissor rectangle
// become all of the targets. More than MaxRenderTargets, targets of
// different sizes, the same target twice, a nil, disposed, mipmapped or
// multisampled target (in a set of two or more) or one of another Device
// is an error
// the next draw returns (rule G20), and changes nothing.
func (d *Device) SetRenderTargets(bindings ...RenderTargetBinding) {
	if len(bindings) == 0 {
		d.SetRenderTarget(nil)
		return
	}
	if err := d.checkBindings(bindings); err != nil {
		d.fail(err)
		return
	}
	d.SetRenderTarget(bindings[0].RenderTarget)
	for i, b := range bindings[1:] {
		d.more[i] = b.RenderTarget
	}
	d.nmore = len(bindings) - 1
}

// checkBindings validates a SetRenderTargets call.
func (d *Device) checkBindings(bindings []RenderTargetBinding) error {
	const op = "SetRenderTargets"
	if len(bindings) > MaxRenderTargets {
		return fmt.Errorf("graphics: %s: %d targets, at most %d: draw in more passes: %w", op, len(bindings), MaxRenderTargets, ErrInvalid)
	}
	first := bindings[0].RenderTarget
	for i, b := range bindings {
		rt := b.RenderTarget
		if rt == nil || rt.Texture2D == nil {
			return fmt.Errorf("graphics: %s: target %d is nil: pass only targets to draw into, or none for the back buffer: %w", op, i, ErrInvalid)
		}
		if err := d.own(&rt.resource, op); err != nil {
			return fmt.Errorf("%w (target %d)", err, i)
		}
		if len(bindings) > 1 && rt.samples > 1 {
			return fmt.Errorf("graphics: %s: target %d (texture %d) is multisampled: several targets at once must be made without MultiSampleCount: %w", op, i, rt.id, ErrInvalid)
		}
		if len(bindings) > 1 && rt.format != SurfaceFormatColor {
			return fmt.Errorf("graphics: %s: target %d (texture %d) is %s: several targets at once are Color only yet: %w", op, i, rt.id, rt.format, ErrUnsupportedFormat)
		}
		if len(bindings) > 1 && rt.levels > 1 {
			return fmt.Errorf("graphics: %s: target %d (texture %d) has mipmap levels: several targets at once must be made without MipMap: %w", op, i, rt.id, ErrInvalid)
		}
		if rt.width != first.width || rt.height != first.height {
			return fmt.Errorf("graphics: %s: target %d is %dx%d, target 0 is %dx%d: every target must have the same size: %w",
				op, i, rt.width, rt.height, first.width, first.height, ErrInvalid)
		}
		for j := range i {
			if bindings[j].RenderTarget == rt {
				return fmt.Errorf("graphics: %s: texture %d is bound twice (targets %d and %d): bind each target once: %w", op, rt.id, j, i, ErrInvalid)
			}
		}
	}
	return nil
}

// GetRenderTargets appends the current render targets to dst and returns
// it: none for the back buffer (XNA's GetRenderTargets, without
// allocating when dst has room).
func (d *Device) GetRenderTargets(dst []RenderTargetBinding) []RenderTargetBinding {
	if d.target == nil {
		return dst
	}
	dst = append(dst, RenderTargetBinding{d.target})
	for _, rt := range d.more[:d.nmore] {
		dst = append(dst, RenderTargetBinding{rt})
	}
	return dst
}

// RenderTargetCount returns the number of render targets set, 0 for the
// back buffer.
func (d *Device) RenderTargetCount() int {
	if d.target == nil {
		return 0
	}
	return 1 + d.nmore
}

// isTarget reports whether t is one of the current render targets.
func (d *Device) isTarget(t *Texture2D) bool {
	if t == nil || d.target == nil {
		return false
	}
	if d.target.Texture2D == t {
		return true
	}
	for _, rt := range d.more[:d.nmore] {
		if rt.Texture2D == t {
			return true
		}
	}
	return false
}

// moreDisposed returns the first of the second to last targets that is
// disposed, nil for none.
func (d *Device) moreDisposed() *RenderTarget2D {
	for _, rt := range d.more[:d.nmore] {
		if rt.disposed {
			return rt
		}
	}
	return nil
}

// openMore fills p's further targets and marks them written.
func (d *Device) openMore(p *Pass) {
	for i, rt := range d.more[:d.nmore] {
		p.MoreTargets[i] = rt.id
		p.Load = p.Load || rt.keeps()
		rt.written = d.seq()
	}
}
