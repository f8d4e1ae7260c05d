package spirv

// stage checks the module's global variables against its entry point's
// stage: the interface list, built-ins, locations, descriptor bindings
// and the std140 layout of uniform blocks.
func (v *validator) stage() error {
	listed := map[uint32]bool{}
	for _, id := range v.entry.ops[2:] {
		listed[id] = true
	}
	used := map[uint32]bool{}
	for _, in := range v.insts {
		if in.fn < 0 {
			continue
		}
		for _, id := range v.idOperands(in) {
			used[id] = true
		}
	}
	type span struct{ from, to uint32 }
	locs := map[uint32][]span{}
	// components counts each storage class's interface components, the
	// built-ins' included, against the least maxVertexOutputComponents,
	// maxFragmentInputComponents and maxVertexInputAttributes * 4 any
	// Vulkan device has (64).
	components := map[uint32]uint32{}
	for _, in := range v.insts {
		if in.op != opVariable || in.fn >= 0 {
			continue
		}
		sc := in.ops[0]
		pt := v.typeOf(in.typ).ops[1]
		switch sc {
		case scInput, scOutput:
			if used[in.res] && !listed[in.res] {
				return v.errf(in, "the entry point uses interface variable %%%d without listing it", in.res)
			}
			if v.builtin(in.res, pt) {
				n, err := v.checkBuiltins(in, pt)
				if err != nil {
					return err
				}
				if !(v.model == modelVertex && sc == scInput) {
					components[sc] += n
				}
				if components[sc] > maxInterfaceComponents {
					return v.refuse(in, "the built-ins and variables of storage class %d take more than %d components", sc, maxInterfaceComponents)
				}
				continue
			}
			loc, ok := v.deco(in.res, -1, decLocation)
			if !ok {
				return v.errf(in, "interface variable %%%d has no Location", in.res)
			}
			n, err := v.locations(in, pt)
			if err != nil {
				return err
			}
			limit := uint32(16)
			if v.model == modelFragment && sc == scOutput {
				limit = 4
			}
			if loc >= limit || loc+n > limit {
				return v.refuse(in, "location %d of %d locations: at most %d", loc, n, limit)
			}
			for _, s := range locs[sc] {
				if loc < s.to && s.from < loc+n {
					return v.errf(in, "location %d overlaps another variable's", loc)
				}
			}
			locs[sc] = append(locs[sc], span{loc, loc + n})
			if !(v.model == modelVertex && sc == scInput) { // vertex inputs: locations below 16
				components[sc] += 4 * n
			}
			if components[sc] > maxInterfaceComponents {
				return v.refuse(in, "the built-ins and variables of storage class %d take more than %d components", sc, maxInterfaceComponents)
			}
			vertexIn := v.model == modelVertex && sc == scInput
			fragOut := v.model == modelFragment && sc == scOutput
			for _, d := range []uint32{decFlat, decNoPerspective, decCentroid} {
				if (vertexIn || fragOut) && v.hasDeco(in.res, -1, d) {
					return v.errf(in, "decoration %d on a vertex input or fragment output", d)
				}
			}
			if vertexIn || fragOut {
				if t := v.typeOf(pt); t.op != opTypeVector && t.op != opTypeFloat && t.op != opTypeInt {
					return v.refuse(in, "a vertex input or fragment output of type %s", v.typeName(pt))
				}
			}
			if v.model == modelFragment && sc == scInput {
				if n, ok := v.numeric(v.scalarOf(pt)); ok && n.kind == 'i' && !v.hasDeco(in.res, -1, decFlat) {
					return v.errf(in, "integer fragment input %%%d must be decorated Flat", in.res)
				}
			}
		case scUniform, scUniformConstant:
			if _, ok := v.deco(in.res, -1, decDescriptorSet); !ok {
				return v.errf(in, "resource %%%d has no DescriptorSet", in.res)
			}
			if _, ok := v.deco(in.res, -1, decBinding); !ok {
				return v.errf(in, "resource %%%d has no Binding", in.res)
			}
			if sc == scUniform {
				if _, _, err := v.std140(in, pt, 0); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// scalarOf returns the scalar type at the bottom of vectors, matrices and
// arrays.
func (v *validator) scalarOf(t uint32) uint32 {
	for range maxTypeDepth {
		ti := v.typeOf(t)
		if ti == nil {
			return 0
		}
		switch ti.op {
		case opTypeVector, opTypeMatrix, opTypeArray:
			t = ti.ops[0]
		default:
			return t
		}
	}
	return 0
}

// builtin reports whether an interface variable is a built-in (itself or
// a block of built-in members).
func (v *validator) builtin(id, t uint32) bool {
	if v.hasDeco(id, -1, decBuiltIn) {
		return true
	}
	ti := v.typeOf(t)
	return ti.op == opTypeStruct && len(ti.ops) > 0 && v.hasDeco(t, 0, decBuiltIn)
}

// maxInterfaceComponents is the least maxVertexOutputComponents and
// maxFragmentInputComponents Vulkan allows; maxClipCull the least
// maxCombinedClipAndCullDistances.
const (
	maxInterfaceComponents = 64
	maxClipCull            = 8
)

// checkBuiltins checks a built-in variable or block against the stage
// and returns the components it takes.
func (v *validator) checkBuiltins(in *inst, t uint32) (uint32, error) {
	sc := in.ops[0]
	for k := range v.decos {
		if k.id == in.res && k.dec != decBuiltIn && k.dec != decRelaxedPrecision && k.dec != decInvariant {
			return 0, v.refuse(in, "decoration %d on a built-in", k.dec)
		}
	}
	if b, ok := v.deco(in.res, -1, decBuiltIn); ok {
		return v.checkBuiltin(in, b, sc, t)
	}
	ti := v.typeOf(t)
	if !v.hasDeco(t, -1, decBlock) || v.model != modelVertex || sc != scOutput {
		return 0, v.refuse(in, "a block of built-ins other than a vertex shader's gl_PerVertex output")
	}
	for k := range v.decos {
		if k.id == t && k.dec != decBuiltIn && k.dec != decBlock && k.dec != decInvariant && k.dec != decRelaxedPrecision {
			return 0, v.refuse(in, "decoration %d on a built-in block", k.dec)
		}
	}
	total := uint32(0)
	for k, m := range ti.ops {
		b, ok := v.deco(t, int32(k), decBuiltIn)
		if !ok {
			return 0, v.errf(in, "member %d of a built-in block is not a built-in", k)
		}
		n, err := v.checkBuiltin(in, b, sc, m)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// checkBuiltin checks one built-in and returns its components.
func (v *validator) checkBuiltin(in *inst, b, sc, t uint32) (uint32, error) {
	n, isNum := v.numeric(t)
	f32 := func(count uint32) bool { return isNum && n.kind == 'f' && n.width == 32 && n.count == count }
	ok := false
	comps := uint32(1)
	if isNum {
		comps = n.count
	}
	switch b {
	case builtinPosition:
		ok = v.model == modelVertex && sc == scOutput && f32(4)
	case builtinPointSize:
		ok = v.model == modelVertex && sc == scOutput && f32(1)
	case builtinClipDistance, builtinCullDistance:
		ti := v.typeOf(t)
		if ti.op == opTypeArray {
			e := v.typeOf(ti.ops[0])
			comps = v.arrayLength(ti)
			v.clipCull += comps
			ok = v.model == modelVertex && sc == scOutput && e.op == opTypeFloat && e.ops[0] == 32 && v.clipCull <= maxClipCull
		}
	case builtinVertexIndex, builtinInstanceIndex:
		ok = v.model == modelVertex && sc == scInput && isNum && n.kind == 'i' && n.width == 32 && n.count == 1
	case builtinFragCoord:
		ok = v.model == modelFragment && sc == scInput && f32(4)
	case builtinPointCoord:
		ok = v.model == modelFragment && sc == scInput && f32(2)
	case builtinFrontFacing:
		ok = v.model == modelFragment && sc == scInput && isNum && n.kind == 'b' && n.count == 1
	case builtinFragDepth:
		ok = v.model == modelFragment && sc == scOutput && f32(1) && v.modes[modeDepthReplacing]
	default:
		return 0, v.refuse(in, "built-in %d", b)
	}
	if !ok {
		return 0, v.errf(in, "built-in %d as a %s of storage class %d is not valid in this stage (clip and cull distances: at most %d together)", b, v.typeName(t), sc, maxClipCull)
	}
	return comps, nil
}

// locations returns how many locations an interface type takes.
func (v *validator) locations(in *inst, t uint32) (uint32, error) {
	ti := v.typeOf(t)
	switch ti.op {
	case opTypeFloat, opTypeInt, opTypeVector:
		n, _ := v.numeric(t)
		if n.width == 64 && n.count > 2 {
			return 2, nil
		}
		return 1, nil
	case opTypeMatrix:
		c, _ := v.locations(in, ti.ops[0])
		return c * ti.ops[1], nil
	case opTypeArray:
		c, err := v.locations(in, ti.ops[0])
		if err != nil {
			return 0, err
		}
		return c * v.arrayLength(ti), nil
	}
	return 0, v.refuse(in, "an interface variable of type %s", v.typeName(t))
}

// std140 checks that type t, placed at offset base, follows the
// standard uniform buffer layout, and returns its alignment and size.
func (v *validator) std140(in *inst, t uint32, depth int) (align, size uint32, err error) {
	if depth > maxTypeDepth {
		return 0, 0, v.refuse(in, "types nest deeper than %d", maxTypeDepth)
	}
	ti := v.typeOf(t)
	switch ti.op {
	case opTypeFloat, opTypeInt, opTypeVector:
		n, _ := v.numeric(t)
		s := n.width / 8
		a := s
		switch n.count {
		case 2:
			a = 2 * s
		case 3, 4:
			a = 4 * s
		}
		return a, n.count * s, nil
	case opTypeBool:
		return 0, 0, v.errf(in, "a bool in a uniform block (use int or uint)")
	case opTypeStruct:
		var maxAlign, end uint32
		prevAggregate := false
		for k, m := range ti.ops {
			off, ok := v.deco(t, int32(k), decOffset)
			if !ok {
				return 0, 0, v.errf(in, "member %d of uniform block struct %%%d has no Offset", k, t)
			}
			if v.hasDeco(t, int32(k), decBuiltIn) {
				return 0, 0, v.errf(in, "a built-in in a uniform block")
			}
			var a, s uint32
			mt := v.typeOf(m)
			if mt.op == opTypeMatrix || isMatrixArray(v, m) {
				a, s, err = v.matrix140(in, t, int32(k), m)
			} else {
				a, s, err = v.std140(in, m, depth+1)
			}
			if err != nil {
				return 0, 0, err
			}
			if off%a != 0 {
				return 0, 0, v.errf(in, "member %d of struct %%%d at offset %d is not aligned to %d (std140)", k, t, off, a)
			}
			min := end
			if prevAggregate {
				min = roundUp(end, 16)
			}
			if off < min {
				return 0, 0, v.errf(in, "member %d of struct %%%d at offset %d overlaps the member before it (std140 wants at least %d)", k, t, off, min)
			}
			if uint64(off)+uint64(s) > 1<<16 {
				return 0, 0, v.refuse(in, "a uniform block over 64 KiB")
			}
			end = off + s
			maxAlign = max(maxAlign, a)
			prevAggregate = mt.op == opTypeStruct || mt.op == opTypeArray || mt.op == opTypeMatrix
		}
		return roundUp(max(maxAlign, 1), 16), end, nil
	case opTypeArray:
		stride, ok := v.deco(t, -1, decArrayStride)
		if !ok {
			return 0, 0, v.errf(in, "array %%%d in a uniform block has no ArrayStride", t)
		}
		a, s, err := v.std140(in, ti.ops[0], depth+1)
		if err != nil {
			return 0, 0, err
		}
		a = roundUp(a, 16)
		if stride%a != 0 || stride < s {
			return 0, 0, v.errf(in, "array %%%d's stride %d is not a multiple of %d at least %d (std140)", t, stride, a, s)
		}
		n := uint64(v.arrayLength(ti)) * uint64(stride)
		if n > 1<<16 {
			return 0, 0, v.refuse(in, "a uniform block over 64 KiB")
		}
		return a, uint32(n), nil
	}
	return 0, 0, v.errf(in, "a %s in a uniform block", v.typeName(t))
}

func isMatrixArray(v *validator, t uint32) bool {
	for range maxTypeDepth {
		ti := v.typeOf(t)
		if ti == nil || ti.op != opTypeArray {
			return ti != nil && ti.op == opTypeMatrix
		}
		t = ti.ops[0]
	}
	return false
}

// matrix140 checks a matrix (or array of matrices) member of struct s.
func (v *validator) matrix140(in *inst, s uint32, k int32, t uint32) (align, size uint32, err error) {
	stride, ok := v.deco(s, k, decMatrixStride)
	if !ok {
		return 0, 0, v.errf(in, "matrix member %d of %%%d has no MatrixStride", k, s)
	}
	if v.hasDeco(s, k, decRowMajor) == v.hasDeco(s, k, decColMajor) {
		return 0, 0, v.errf(in, "matrix member %d of %%%d must be either RowMajor or ColMajor", k, s)
	}
	ti := v.typeOf(t)
	if ti.op == opTypeArray {
		astride, ok := v.deco(t, -1, decArrayStride)
		if !ok {
			return 0, 0, v.errf(in, "array %%%d in a uniform block has no ArrayStride", t)
		}
		a, es, err := v.matrix140(in, s, k, ti.ops[0])
		if err != nil {
			return 0, 0, err
		}
		if astride%a != 0 || astride < es {
			return 0, 0, v.errf(in, "array %%%d's stride %d is not a multiple of %d at least %d (std140)", t, astride, a, es)
		}
		return a, astride * v.arrayLength(ti), nil
	}
	col, _ := v.numeric(ti.ops[0])
	vecs, comps := ti.ops[1], col.count
	if v.hasDeco(s, k, decRowMajor) {
		vecs, comps = comps, vecs
	}
	s8 := col.width / 8
	if stride%16 != 0 || stride < comps*s8 {
		return 0, 0, v.errf(in, "matrix member %d of %%%d has stride %d: std140 wants a multiple of 16 at least %d", k, s, stride, comps*s8)
	}
	return 16, stride * vecs, nil
}

func roundUp(x, a uint32) uint32 {
	return (x + a - 1) / a * a
}
