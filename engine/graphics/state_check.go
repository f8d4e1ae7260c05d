package graphics

import (
	"fmt"
	"math"
)

// Validate reports an ErrInvalid error naming the first field of s that
// holds a value outside its enumeration (XNA throws for these), nil when
// every field is one of the package's constants.
func (s BlendState) Validate() error {
	for _, f := range [...]struct {
		name string
		v    Blend
	}{{"ColorSourceBlend", s.ColorSourceBlend}, {"ColorDestinationBlend", s.ColorDestinationBlend},
		{"AlphaSourceBlend", s.AlphaSourceBlend}, {"AlphaDestinationBlend", s.AlphaDestinationBlend}} {
		if f.v > BlendSourceAlphaSaturation {
			return badEnum("blend state", f.name, int(f.v), "a Blend constant")
		}
	}
	if s.ColorBlendFunction > BlendMax {
		return badEnum("blend state", "ColorBlendFunction", int(s.ColorBlendFunction), "a BlendFunction constant")
	}
	if s.AlphaBlendFunction > BlendMax {
		return badEnum("blend state", "AlphaBlendFunction", int(s.AlphaBlendFunction), "a BlendFunction constant")
	}
	for _, f := range [...]struct {
		name string
		c    ColorWriteChannels
	}{{"ColorWriteChannels", s.ColorWriteChannels}, {"ColorWriteChannels1", s.ColorWriteChannels1},
		{"ColorWriteChannels2", s.ColorWriteChannels2}, {"ColorWriteChannels3", s.ColorWriteChannels3}} {
		if f.c&^(ColorWriteRed|ColorWriteGreen|ColorWriteBlue|ColorWriteAlpha) != 0 && f.c != ColorWriteNone {
			return badEnum("blend state", f.name, int(f.c), "ColorWriteNone or an | of ColorWriteRed, Green, Blue, Alpha")
		}
	}
	return nil
}

// Validate reports an ErrInvalid error naming the first field of s that
// holds a value outside its enumeration or range (MaxAnisotropy 0..16,
// MaxMipLevel 0..31, a finite MipMapLevelOfDetailBias), nil when all are
// valid.
func (s SamplerState) Validate() error {
	if s.Filter > FilterMinPointMagLinearMipPoint {
		return badEnum("sampler state", "Filter", int(s.Filter), "a TextureFilter constant")
	}
	switch b := s.MipMapLevelOfDetailBias; {
	case s.MaxAnisotropy < 0 || s.MaxAnisotropy > MaxAnisotropyLimit:
		return badEnum("sampler state", "MaxAnisotropy", s.MaxAnisotropy, "0 (XNA's default of 4) to 16")
	case s.MaxMipLevel < 0 || s.MaxMipLevel > maxMipLevelIndex:
		return badEnum("sampler state", "MaxMipLevel", s.MaxMipLevel, "a level index from 0 to 31")
	case b != b || b > math.MaxFloat32 || b < -math.MaxFloat32:
		return fmt.Errorf("graphics: sampler state: MipMapLevelOfDetailBias is %v, want a finite number: %w", b, ErrInvalid)
	}
	for _, f := range [...]struct {
		name string
		v    TextureAddressMode
	}{{"AddressU", s.AddressU}, {"AddressV", s.AddressV}, {"AddressW", s.AddressW}} {
		if f.v > AddressMirror {
			return badEnum("sampler state", f.name, int(f.v), "a TextureAddressMode constant")
		}
	}
	return nil
}

// Validate reports an ErrInvalid error naming the first field of s that
// holds a value outside its enumeration, nil when all are valid.
func (s DepthStencilState) Validate() error {
	if s.DepthBufferFunction > CompareNever {
		return badEnum("depth-stencil state", "DepthBufferFunction", int(s.DepthBufferFunction), "a CompareFunction constant")
	}
	if s.StencilFunction > CompareNever {
		return badEnum("depth-stencil state", "StencilFunction", int(s.StencilFunction), "a CompareFunction constant")
	}
	if s.CounterClockwiseStencilFunction > CompareNever {
		return badEnum("depth-stencil state", "CounterClockwiseStencilFunction", int(s.CounterClockwiseStencilFunction), "a CompareFunction constant")
	}
	for _, f := range [...]struct {
		name string
		v    StencilOperation
	}{{"StencilPass", s.StencilPass}, {"StencilFail", s.StencilFail}, {"StencilDepthBufferFail", s.StencilDepthBufferFail},
		{"CounterClockwiseStencilPass", s.CounterClockwiseStencilPass}, {"CounterClockwiseStencilFail", s.CounterClockwiseStencilFail},
		{"CounterClockwiseStencilDepthBufferFail", s.CounterClockwiseStencilDepthBufferFail}} {
		if f.v > StencilInvert {
			return badEnum("depth-stencil state", f.name, int(f.v), "a StencilOperation constant")
		}
	}
	return nil
}

// Validate reports an ErrInvalid error for a CullMode or FillMode outside
// its enumeration or a NaN depth bias, nil when s is valid.
func (s RasterizerState) Validate() error {
	switch {
	case s.CullMode > CullNoneFace:
		return badEnum("rasterizer state", "CullMode", int(s.CullMode), "a CullMode constant")
	case s.FillMode > FillWireFrame:
		return badEnum("rasterizer state", "FillMode", int(s.FillMode), "a FillMode constant")
	case s.DepthBias != s.DepthBias || s.SlopeScaleDepthBias != s.SlopeScaleDepthBias:
		return fmt.Errorf("graphics: rasterizer state: the depth bias is NaN: %w", ErrInvalid)
	}
	return nil
}

// badEnum is the error for an enumeration field out of range.
func badEnum(state, field string, v int, want string) error {
	return fmt.Errorf("graphics: %s: %s is %d, want %s: %w", state, field, v, want, ErrInvalid)
}
