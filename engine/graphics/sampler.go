package graphics

import "fmt"

// MaxAnisotropyLimit is the largest SamplerState.MaxAnisotropy: 16
// samples, the most any Vulkan device filters with.
const MaxAnisotropyLimit = 16

// defaultAnisotropy is what MaxAnisotropy 0 means (XNA's default).
const defaultAnisotropy = 4

// maxMipLevelIndex is the largest SamplerState.MaxMipLevel: a texture of
// 2^31 texels a side would have 32 levels.
const maxMipLevelIndex = 31

// Fit returns the sampler state a backend with limits l filters with for
// s: FilterAnisotropic becomes FilterLinear where l.MaxAnisotropy is
// below 2 (the device has no anisotropic filtering), and otherwise takes
// MaxAnisotropy samples (0: 4) capped at l.MaxAnisotropy; other filters
// get MaxAnisotropy 0, which they ignore. The other fields are kept.
func (s SamplerState) Fit(l Limits) SamplerState {
	if s.Filter != FilterAnisotropic {
		s.MaxAnisotropy = 0
		return s
	}
	if l.MaxAnisotropy < 2 {
		s.Filter, s.MaxAnisotropy = FilterLinear, 0
		return s
	}
	n := s.MaxAnisotropy
	if n == 0 {
		n = defaultAnisotropy
	}
	s.MaxAnisotropy = min(n, l.MaxAnisotropy)
	return s
}

// SamplerFallback says what the first sampler state set on d (by
// SetSamplerState or a SpriteBatch) that the device cannot filter as asked
// got instead: anisotropic filtering on a device without it (linear
// filtering), or more anisotropic samples than the device takes (its
// limit). Empty while every sampler state set was filtered as asked.
func (d *Device) SamplerFallback() string { return d.samplerFallback }

// noteSampler remembers the first fallback s needs on d.
func (d *Device) noteSampler(s SamplerState) {
	if d.samplerFallback != "" || s.Filter != FilterAnisotropic {
		return
	}
	want := s.MaxAnisotropy
	if want == 0 {
		want = defaultAnisotropy
	}
	switch got := s.Fit(d.limits); {
	case got.Filter != FilterAnisotropic:
		d.samplerFallback = fmt.Sprintf("sampler state %+v: the device has no anisotropic filtering "+
			"(Limits.MaxAnisotropy %d); its draws filter linearly (FilterLinear)", s, d.limits.MaxAnisotropy)
	case got.MaxAnisotropy < want:
		d.samplerFallback = fmt.Sprintf("sampler state %+v: MaxAnisotropy %d is above the device's %d; "+
			"its draws take %d samples", s, want, d.limits.MaxAnisotropy, got.MaxAnisotropy)
	}
}
