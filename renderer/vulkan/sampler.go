package vulkan

import (
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// samplerFilters returns the minification, magnification and mipmap
// filters of f (XNA's TextureFilter; Anisotropic filters linearly, its
// samples come from the sampler's anisotropy).
func samplerFilters(f graphics.TextureFilter) (minF, magF vk.Filter, mip vk.SamplerMipmapMode) {
	lin, near := vk.FilterLinear, vk.FilterNearest
	mipLin, mipNear := vk.SamplerMipmapModeLinear, vk.SamplerMipmapModeNearest
	switch f {
	case graphics.FilterPoint:
		return near, near, mipNear
	case graphics.FilterLinearMipPoint:
		return lin, lin, mipNear
	case graphics.FilterPointMipLinear:
		return near, near, mipLin
	case graphics.FilterMinLinearMagPointMipLinear:
		return lin, near, mipLin
	case graphics.FilterMinLinearMagPointMipPoint:
		return lin, near, mipNear
	case graphics.FilterMinPointMagLinearMipLinear:
		return near, lin, mipLin
	case graphics.FilterMinPointMagLinearMipPoint:
		return near, lin, mipNear
	}
	return lin, lin, mipLin // Linear, Anisotropic
}

// samplerAddress maps an address mode.
func samplerAddress(m graphics.TextureAddressMode) vk.SamplerAddressMode {
	switch m {
	case graphics.AddressClamp:
		return vk.SamplerAddressModeClampToEdge
	case graphics.AddressMirror:
		return vk.SamplerAddressModeMirroredRepeat
	}
	return vk.SamplerAddressModeRepeat
}

// newSampler creates the sampler for s, already fitted to the device
// (graphics.SamplerState.Fit: anisotropy only where the device enabled
// it, within its limit); the level-of-detail bias is clamped to
// ±maxLodBias. The caller owns the sampler and destroys it.
func newSampler(dev vk.Device, s graphics.SamplerState, maxLodBias float32) (vk.Sampler, error) {
	minF, magF, mip := samplerFilters(s.Filter)
	ci := vk.SamplerCreateInfo{
		SType:        vk.StructureTypeSamplerCreateInfo,
		MagFilter:    magF,
		MinFilter:    minF,
		MipmapMode:   mip,
		AddressModeU: samplerAddress(s.AddressU),
		AddressModeV: samplerAddress(s.AddressV),
		AddressModeW: samplerAddress(s.AddressW),
		MipLodBias:   min(max(s.MipMapLevelOfDetailBias, -maxLodBias), maxLodBias),
		MinLod:       float32(s.MaxMipLevel),
		MaxLod:       vk.LodClampNone,
		BorderColor:  vk.BorderColorFloatTransparentBlack,
	}
	if s.Filter == graphics.FilterAnisotropic && s.MaxAnisotropy >= 1 {
		ci.AnisotropyEnable, ci.MaxAnisotropy = vk.True, float32(s.MaxAnisotropy)
	}
	defer ci.Free()
	var smp vk.Sampler
	err := callErr("create sampler", "vkCreateSampler", vk.CreateSampler(dev, &ci, nil, &smp))
	return smp, err
}
