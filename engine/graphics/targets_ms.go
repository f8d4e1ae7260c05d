package graphics

import (
	"fmt"
	"math/bits"
)

// fitSamples returns the samples per pixel a render target made with opts
// gets: opts.MultiSampleCount rounded down to a power of two and to the
// device's Limits.MaxMultiSampleCount, 0 for none (rule G22).
func (d *Device) fitSamples(opts RenderTargetOptions) (int, error) {
	n := opts.MultiSampleCount
	if n < 0 {
		return 0, fmt.Errorf("graphics: new render target: MultiSampleCount %d, want 0 (none) or more: %w", n, ErrInvalid)
	}
	if d == nil {
		return 0, nil // newTexture reports the nil device
	}
	n = min(n, d.limits.MaxMultiSampleCount)
	if n < 2 {
		return 0, nil
	}
	n = 1 << (bits.Len(uint(n)) - 1)
	if opts.MipMap {
		return 0, fmt.Errorf("graphics: new render target: MultiSampleCount %d with MipMap: a multisampled target has no mipmaps, ask for one or the other: %w", n, ErrInvalid)
	}
	return n, nil
}

// MultiSampleCount returns the target's samples per pixel: 0 when it is
// not multisampled (XNA's RenderTarget2D.MultiSampleCount).
func (rt *RenderTarget2D) MultiSampleCount() int {
	if rt.samples < 2 {
		return 0
	}
	return rt.samples
}

// effectiveUsage is what usage means for a target of samples samples per
// pixel (0: none): PlatformContents is PreserveContents without
// multisampling and DiscardContents with it, as XNA on Windows.
func effectiveUsage(usage RenderTargetUsage, samples int) RenderTargetUsage {
	if usage != PlatformContents {
		return usage
	}
	if samples > 1 {
		return DiscardContents
	}
	return PreserveContents
}

// keeps reports whether the target's passes keep its contents when it is
// set again.
func (t *Texture2D) keeps() bool { return effectiveUsage(t.usage, t.samples) == PreserveContents }
