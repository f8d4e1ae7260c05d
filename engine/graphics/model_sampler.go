package graphics

import "github.com/qmuntal/gltf"

// modelSampler returns the SamplerState of glTF texture i's sampler
// (rule M1): its wrap modes and filters, glTF's defaults where it names
// none (REPEAT; linear filtering between mipmap levels too), and whether
// the filter reads mipmaps, so the texture needs them.
func (l *modelLoader) modelSampler(i int) (s SamplerState, mips bool) {
	d := l.doc
	var smp *gltf.Sampler
	if i >= 0 && i < len(d.Textures) && d.Textures[i] != nil {
		if si := d.Textures[i].Sampler; si != nil && *si >= 0 && *si < len(d.Samplers) {
			smp = d.Samplers[*si]
		}
	}
	if smp == nil {
		smp = &gltf.Sampler{}
	}
	s.AddressU, s.AddressV, s.AddressW = addressOf(smp.WrapS), addressOf(smp.WrapT), AddressWrap
	magPoint := smp.MagFilter == gltf.MagNearest
	minPoint, mipPoint := false, false
	mips = true
	switch smp.MinFilter {
	case gltf.MinNearest:
		minPoint, mips = true, false
	case gltf.MinLinear:
		mips = false
	case gltf.MinNearestMipMapNearest:
		minPoint, mipPoint = true, true
	case gltf.MinLinearMipMapNearest:
		mipPoint = true
	case gltf.MinNearestMipMapLinear:
		minPoint = true
	}
	if !mips {
		mipPoint = minPoint // one level: the mip mode does not matter
	}
	s.Filter = filterOf(minPoint, magPoint, mipPoint)
	return s, mips
}

// addressOf maps a glTF wrap mode to XNA's address mode.
func addressOf(w gltf.WrappingMode) TextureAddressMode {
	switch w {
	case gltf.WrapClampToEdge:
		return AddressClamp
	case gltf.WrapMirroredRepeat:
		return AddressMirror
	}
	return AddressWrap
}

// filterOf returns XNA's filter of the given minification,
// magnification and mipmap modes (point when true, linear otherwise).
func filterOf(minPoint, magPoint, mipPoint bool) TextureFilter {
	switch {
	case !minPoint && !magPoint && !mipPoint:
		return FilterLinear
	case minPoint && magPoint && mipPoint:
		return FilterPoint
	case !minPoint && !magPoint:
		return FilterLinearMipPoint
	case minPoint && magPoint:
		return FilterPointMipLinear
	case !minPoint && mipPoint: // magnifying with points from here on
		return FilterMinLinearMagPointMipPoint
	case !minPoint:
		return FilterMinLinearMagPointMipLinear
	case !mipPoint: // minifying with points, magnifying linearly
		return FilterMinPointMagLinearMipLinear
	}
	return FilterMinPointMagLinearMipPoint
}

// textureOptions returns the load options of glTF texture i: mipmaps
// when its sampler's filter reads them.
func (l *modelLoader) textureOptions(i int) []LoadOption {
	if _, mips := l.modelSampler(i); mips {
		return []LoadOption{GenerateMipMaps()}
	}
	return nil
}
