package graphics

import "fmt"

// SPIR-V opcodes combineImageSampler reads or writes.
const (
	opName             = 5
	opMemberName       = 6
	opEntryPoint       = 15
	opTypeImage        = 25
	opTypeSampler      = 26
	opTypeSampledImage = 27
	opTypePointer      = 32
	opFunction         = 54
	opFunctionCall     = 57
	opVariable         = 59
	opLoad             = 61
	opStore            = 62
	opDecorate         = 71
	opMemberDecorate   = 72
	opCopyObject       = 83
	opSampledImage     = 86
	opImage            = 100
	opSelect           = 169
	opPhi              = 245
	opReturnValue      = 254

	storageUniformConstant = 0
)

// combineImageSampler rewrites a SPIR-V module's separate texture and
// sampler (WGSL has no other kind) into the one combined image sampler
// the engine binds at set 1 binding 0: the image variable becomes a
// sampled-image variable (its set and binding stay), the sampler variable
// and its loads go, each OpSampledImage becomes a load of the combined
// variable, and each load of the image an OpImage of it. A module without
// a texture comes back as it is.
func combineImageSampler(w []uint32) ([]uint32, error) {
	if len(w) < 5 {
		return nil, fmt.Errorf("SPIR-V of %d words: %w", len(w), ErrEffect)
	}
	// Pass 1: the types and the UniformConstant variables.
	images := map[uint32]bool{}
	samplers := map[uint32]bool{}
	sampledOf := map[uint32]uint32{} // image type -> sampled image type
	pointee := map[uint32]uint32{}   // UniformConstant pointer type -> pointee
	var imageVar, samplerVar, imageType uint32
	for i := 5; i < len(w); {
		n, op := int(w[i]>>16), w[i]&0xffff
		if n == 0 || i+n > len(w) {
			return nil, fmt.Errorf("malformed SPIR-V instruction at word %d: %w", i, ErrEffect)
		}
		a := w[i+1 : i+n]
		switch op {
		case opTypeImage:
			images[a[0]] = true
		case opTypeSampler:
			samplers[a[0]] = true
		case opTypeSampledImage:
			sampledOf[a[1]] = a[0]
		case opTypePointer:
			if a[1] == storageUniformConstant {
				pointee[a[0]] = a[2]
			}
		case opVariable:
			if a[2] == storageUniformConstant {
				switch t := pointee[a[0]]; {
				case images[t]:
					if imageVar != 0 {
						return nil, fmt.Errorf("two textures: an effect samples one texture_2d at @group(1) @binding(0): %w", ErrEffect)
					}
					imageVar, imageType = a[1], t
				case samplers[t]:
					if samplerVar != 0 {
						return nil, fmt.Errorf("two samplers: an effect has one sampler at @group(1) @binding(1): %w", ErrEffect)
					}
					samplerVar = a[1]
				}
			}
		}
		i += n
	}
	if imageVar == 0 {
		if samplerVar != 0 {
			return nil, fmt.Errorf("a sampler without a texture: declare a texture_2d<f32> at @group(1) @binding(0) or drop the sampler: %w", ErrEffect)
		}
		return w, nil
	}
	// The loads of the image whose only use is an OpSampledImage need no
	// OpImage (an instruction the engine's validator may refuse): find the
	// other uses, counting any operand word equal to a load's id as one
	// (a literal that happens to equal it only costs an unneeded OpImage).
	imageLoads := map[uint32]bool{}
	for i := 5; i < len(w); i += int(w[i] >> 16) {
		if a := w[i+1 : i+int(w[i]>>16)]; w[i]&0xffff == opLoad && len(a) >= 3 && a[2] == imageVar {
			imageLoads[a[1]] = true
		}
	}
	imageUsed := map[uint32]bool{}
	for i := 5; i < len(w); i += int(w[i] >> 16) {
		op, a := w[i]&0xffff, w[i+1:i+int(w[i]>>16)]
		from := 0
		switch {
		case op == opName || op == opDecorate || op == opLoad && len(a) >= 3 && a[2] == imageVar:
			continue
		case op == opSampledImage:
			from = 3 // a[2], the image, is replaced
		}
		for _, id := range a[min(from, len(a)):] {
			if imageLoads[id] {
				imageUsed[id] = true
			}
		}
	}
	bound := w[3]
	fresh := func() uint32 { bound++; return bound - 1 }
	sampledType, newSampledType := sampledOf[imageType], false
	if sampledType == 0 {
		sampledType, newSampledType = fresh(), true
	}
	ptrType := fresh()

	out := make([]uint32, 0, len(w)+16)
	out = append(out, w[:5]...)
	samplerLoads := map[uint32]bool{}
	placed := false
	for i := 5; i < len(w); {
		n, op := int(w[i]>>16), w[i]&0xffff
		in := w[i : i+n]
		a := in[1:]
		i += n
		switch op {
		case opName, opDecorate, opMemberDecorate, opMemberName:
			if samplerVar != 0 && a[0] == samplerVar {
				continue
			}
		case opEntryPoint:
			// The interface (after the name string) may list the sampler.
			k := 2
			for k < len(a) && a[k]>>24 != 0 {
				k++
			}
			k++ // the word holding the string's terminating zero
			e := append([]uint32(nil), in[:1+min(k, len(a))]...)
			for _, id := range a[min(k, len(a)):] {
				if id != samplerVar {
					e = append(e, id)
				}
			}
			e[0] = uint32(len(e))<<16 | opEntryPoint
			out = append(out, e...)
			continue
		case opVariable:
			if a[1] == samplerVar || a[1] == imageVar {
				continue // the image variable is declared again before the first function
			}
		case opFunction:
			if !placed {
				placed = true
				if newSampledType {
					out = append(out, 3<<16|opTypeSampledImage, sampledType, imageType)
				}
				out = append(out, 4<<16|opTypePointer, ptrType, storageUniformConstant, sampledType,
					4<<16|opVariable, ptrType, imageVar, storageUniformConstant)
			}
		case opLoad:
			switch a[2] {
			case samplerVar:
				samplerLoads[a[1]] = true
				continue
			case imageVar:
				if !imageUsed[a[1]] {
					continue
				}
				s := fresh()
				out = append(out, 4<<16|opLoad, sampledType, s, imageVar,
					4<<16|opImage, a[0], a[1], s)
				continue
			}
		case opSampledImage:
			if a[0] != sampledType {
				return nil, fmt.Errorf("a sampled image of another image type than the texture's: sample the one texture_2d: %w", ErrEffect)
			}
			out = append(out, 4<<16|opLoad, a[0], a[1], imageVar)
			continue
		case opFunctionCall, opStore, opCopyObject, opPhi, opSelect, opReturnValue:
			for _, id := range a {
				if samplerLoads[id] || id == samplerVar {
					return nil, fmt.Errorf("the sampler is passed to a function or stored: use it directly in textureSample in the entry point or a function that reads the global: %w", ErrEffect)
				}
			}
		}
		out = append(out, in...)
	}
	out[3] = bound
	return out, nil
}
