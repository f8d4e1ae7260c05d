package spirv

import (
	"math"
	"slices"
)

// type helpers

// typeOf returns the defining instruction of type id, nil if id is not a
// type.
func (v *validator) typeOf(id uint32) *inst {
	in := v.defs[id]
	if in == nil || !isTypeOp(in.op) {
		return nil
	}
	return in
}

// num describes a scalar or vector type.
type num struct {
	kind   byte // 'f' float, 'i' integer, 'b' bool
	width  uint32
	count  uint32
	comp   uint32 // the scalar type's id
	signed bool
}

// numeric returns what a scalar or vector type is.
func (v *validator) numeric(id uint32) (num, bool) {
	t := v.typeOf(id)
	if t == nil {
		return num{}, false
	}
	switch t.op {
	case opTypeFloat:
		return num{kind: 'f', width: t.ops[0], count: 1, comp: id}, true
	case opTypeInt:
		return num{kind: 'i', width: t.ops[0], count: 1, comp: id, signed: t.ops[1] == 1}, true
	case opTypeBool:
		return num{kind: 'b', width: 32, count: 1, comp: id}, true
	case opTypeVector:
		n, _ := v.numeric(t.ops[0])
		n.count = t.ops[1]
		return n, true
	}
	return num{}, false
}

// typeOfValue returns the type id of a value id (0 if it is not a value).
func (v *validator) typeOfValue(id uint32) uint32 {
	in := v.defs[id]
	if in == nil || in.typ == 0 || in.op == opFunction {
		return 0
	}
	return in.typ
}

// typeName describes a type for messages.
func (v *validator) typeName(id uint32) string {
	t := v.typeOf(id)
	if t == nil {
		return "not a type"
	}
	if n, ok := v.numeric(id); ok {
		s := map[byte]string{'f': "float", 'i': "int", 'b': "bool"}[n.kind]
		if n.kind == 'i' && !n.signed {
			s = "uint"
		}
		if n.width != 32 {
			s += itoa(int(n.width))
		}
		if n.count > 1 {
			return "vector of " + itoa(int(n.count)) + " " + s
		}
		return s
	}
	switch t.op {
	case opTypeMatrix:
		return "matrix of " + itoa(int(t.ops[1])) + " " + v.typeName(t.ops[0])
	case opTypeStruct:
		return "struct %" + itoa(int(id))
	case opTypeArray:
		return "array of " + v.typeName(t.ops[0])
	case opTypePointer:
		return "pointer to " + v.typeName(t.ops[1])
	case opTypeVoid:
		return "void"
	}
	return opNameOf(t.op)
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// constValue returns an integer constant's value.
func (v *validator) constValue(id uint32) (int64, bool) {
	in := v.defs[id]
	if in == nil || in.op != opConstant {
		return 0, false
	}
	n, ok := v.numeric(in.typ)
	if !ok || n.kind != 'i' || n.count != 1 || len(in.ops) != 1 {
		return 0, false
	}
	if n.signed {
		return int64(int32(in.ops[0])), true
	}
	return int64(in.ops[0]), true
}

// arrayLength returns an array type's length.
func (v *validator) arrayLength(t *inst) uint32 {
	n, _ := v.constValue(t.ops[1])
	return uint32(n)
}

// check is the second pass: everything that needs the whole module.
func (v *validator) check() error {
	v.pos = map[*inst]int{}
	for _, fn := range v.fns {
		for _, b := range fn.blocks {
			for i, in := range b.insts {
				v.pos[in] = i
			}
		}
	}
	if err := v.moduleLevel(); err != nil {
		return err
	}
	if err := v.annotations(); err != nil {
		return err
	}
	for i, in := range v.insts {
		if in.fn >= 0 {
			break
		}
		if s := sectionOf(in.op); s != sectionGlobal && s != -1 {
			continue
		}
		if err := v.global(in, i); err != nil {
			return err
		}
	}
	for _, fn := range v.fns {
		if err := v.function(fn); err != nil {
			return err
		}
	}
	if err := v.calls(); err != nil {
		return err
	}
	return v.stage()
}

// moduleLevel checks capabilities, the extended instruction import, the
// memory model, the entry point and its execution modes.
func (v *validator) moduleLevel() error {
	v.caps = map[uint32]bool{}
	v.modes = map[uint32]bool{}
	for _, in := range v.insts {
		switch in.op {
		case opCapability:
			c := in.ops[0]
			ok := c == capShader || c == capMatrix ||
				c == capFloat64 && v.features.Float64 || c == capInt64 && v.features.Int64 ||
				c == capInt16 && v.features.Int16 || c == capClipDistance && v.features.ClipDistance ||
				c == capCullDistance && v.features.CullDistance
			if !ok {
				return v.refuse(in, "capability %s is not one the device has enabled (Shader; Float64, Int64, Int16, ClipDistance, CullDistance where the device has them)", capabilityName(c))
			}
			v.caps[c] = true
		case opSource:
			if in.ops[0] > 5 {
				return v.refuse(in, "source language %d", in.ops[0])
			}
			if len(in.ops) > 2 {
				if d := v.defs[in.ops[2]]; d == nil || d.op != opString {
					return v.errf(in, "the file %%%d is not an OpString", in.ops[2])
				}
			}
		case opExtInstImport:
			if in.str != glslStd450 || v.glsl != 0 {
				return v.refuse(in, "extended instruction set %q: only one import of %s is accepted", in.str, glslStd450)
			}
			v.glsl = in.res
		case opMemoryModel:
			if in.ops[0] != 0 || in.ops[1] != 1 {
				return v.errf(in, "memory model %d %d, want Logical GLSL450", in.ops[0], in.ops[1])
			}
		case opEntryPoint:
			if v.entry != nil {
				return v.refuse(in, "a second entry point: one per module")
			}
			v.entry, v.model = in, in.ops[0]
			if v.model != modelVertex && v.model != modelFragment {
				return v.refuse(in, "execution model %d: only vertex and fragment shaders are accepted", v.model)
			}
			f := v.defs[in.ops[1]]
			if f == nil || f.op != opFunction {
				return v.errf(in, "entry point %q names %%%d, which is not a function", in.str, in.ops[1])
			}
			ft := v.typeOf(f.ops[1])
			if ft == nil || ft.op != opTypeFunction || len(ft.ops) != 1 || v.typeOf(ft.ops[0]) == nil || v.typeOf(ft.ops[0]).op != opTypeVoid {
				return v.errf(in, "entry point %q's function must take no parameters and return void", in.str)
			}
			seen := map[uint32]bool{}
			for _, id := range in.ops[2:] {
				g := v.defs[id]
				if g == nil || g.op != opVariable || g.fn >= 0 || (g.ops[0] != scInput && g.ops[0] != scOutput) {
					return v.errf(in, "interface id %d is not a global Input or Output variable", id)
				}
				if seen[id] {
					return v.errf(in, "interface variable %%%d is listed twice", id)
				}
				seen[id] = true
			}
		case opExecutionMode:
			if v.entry == nil || in.ops[0] != v.entry.ops[1] {
				return v.errf(in, "the execution mode is for %%%d, which is not the entry point", in.ops[0])
			}
			m := in.ops[1]
			if len(in.ops) != 2 {
				return v.refuse(in, "execution mode %d with operands", m)
			}
			switch m {
			case modeOriginUpperLeft, modeEarlyFragmentTests, modeDepthReplacing, modeDepthGreater, modeDepthGreater + 1, modeDepthUnchanged:
				if v.model != modelFragment {
					return v.errf(in, "execution mode %d is for fragment shaders", m)
				}
			default:
				return v.refuse(in, "execution mode %d", m)
			}
			if v.modes[m] {
				return v.errf(in, "execution mode %d given twice", m)
			}
			v.modes[m] = true
		}
	}
	if !v.caps[capShader] {
		return v.errf(nil, "the module does not declare the Shader capability")
	}
	if v.entry == nil {
		return v.errf(nil, "the module has no entry point")
	}
	if v.model == modelFragment && !v.modes[modeOriginUpperLeft] {
		return v.errf(v.entry, "a Vulkan fragment shader needs the OriginUpperLeft execution mode")
	}
	if v.modes[modeDepthGreater] && v.modes[modeDepthGreater+1] || v.modes[modeDepthUnchanged] && (v.modes[modeDepthGreater] || v.modes[modeDepthGreater+1]) {
		return v.errf(v.entry, "conflicting depth execution modes")
	}
	return nil
}

// before reports whether id is defined by an instruction before index i
// of the module.
func (v *validator) definedBefore(id uint32, in *inst) bool {
	d := v.defs[id]
	return d != nil && d.at < in.at
}

// global checks a type, constant or global variable declaration.
func (v *validator) global(in *inst, i int) error {
	for _, id := range v.idOperands(in) {
		if !v.definedBefore(id, in) {
			return v.errf(in, "operand %%%d is not defined before its use", id)
		}
	}
	switch in.op {
	case opTypeVoid, opTypeBool, opTypeSampler:
	case opTypeInt:
		w, s := in.ops[0], in.ops[1]
		if s > 1 {
			return v.errf(in, "signedness %d, want 0 or 1", s)
		}
		switch {
		case w == 32:
		case w == 64 && v.caps[capInt64], w == 16 && v.caps[capInt16]:
		default:
			return v.refuse(in, "a %d-bit integer without the capability for it", w)
		}
	case opTypeFloat:
		if w := in.ops[0]; w != 32 && !(w == 64 && v.caps[capFloat64]) {
			return v.refuse(in, "a %d-bit float without the capability for it", w)
		}
	case opTypeVector:
		if _, ok := v.numeric(in.ops[0]); !ok || v.typeOf(in.ops[0]).op == opTypeVector {
			return v.errf(in, "the component type %%%d is not a scalar type", in.ops[0])
		}
		if c := in.ops[1]; c < 2 || c > 4 {
			return v.errf(in, "%d components, want 2 to 4", c)
		}
	case opTypeMatrix:
		n, ok := v.numeric(in.ops[0])
		if !ok || n.kind != 'f' || n.count < 2 {
			return v.errf(in, "the column type %%%d is not a float vector", in.ops[0])
		}
		if c := in.ops[1]; c < 2 || c > 4 {
			return v.errf(in, "%d columns, want 2 to 4", c)
		}
	case opTypeImage:
		n, ok := v.numeric(in.ops[0])
		if !ok || n.count != 1 || n.kind == 'b' || n.width != 32 {
			return v.errf(in, "the sampled type %%%d is not a 32-bit int or float", in.ops[0])
		}
		dim, depth, arrayed, ms, sampled, format := in.ops[1], in.ops[2], in.ops[3], in.ops[4], in.ops[5], in.ops[6]
		if dim < 1 || dim > 3 || depth != 0 || arrayed > 1 || (arrayed == 1 && dim == 3) || ms != 0 || sampled != 1 || format != 0 {
			return v.refuse(in, "image type (dim %d depth %d arrayed %d ms %d sampled %d format %d): only sampled 2D, 3D, cube and 2D array images are accepted", dim, depth, arrayed, ms, sampled, format)
		}
	case opTypeSampledImage:
		if t := v.typeOf(in.ops[0]); t == nil || t.op != opTypeImage {
			return v.errf(in, "%%%d is not an image type", in.ops[0])
		}
	case opTypeArray:
		if !v.isDataType(in.ops[0]) {
			return v.errf(in, "the element type %%%d is not a data type", in.ops[0])
		}
		n, ok := v.constValue(in.ops[1])
		if !ok {
			return v.errf(in, "the length %%%d is not an integer constant", in.ops[1])
		}
		if n < 1 || n > maxArrayLength {
			return v.refuse(in, "array length %d (1 to %d)", n, maxArrayLength)
		}
	case opTypeStruct:
		if len(in.ops) > maxStructMembers {
			return v.refuse(in, "%d members", len(in.ops))
		}
		for _, m := range in.ops {
			if !v.isDataType(m) {
				return v.errf(in, "member type %%%d is not a data type", m)
			}
		}
	case opTypePointer:
		switch in.ops[0] {
		case scUniformConstant, scInput, scUniform, scOutput, scPrivate, scFunction:
		case scPushConstant, scStorageBuffer:
			return v.refuse(in, "push constants and storage buffers: effects have one uniform block")
		default:
			return v.refuse(in, "storage class %d", in.ops[0])
		}
		if t := v.typeOf(in.ops[1]); t == nil || t.op == opTypeFunction || t.op == opTypeVoid {
			return v.errf(in, "the pointee %%%d is not a data type", in.ops[1])
		}
	case opTypeFunction:
		if t := v.typeOf(in.ops[0]); t == nil || t.op == opTypeFunction {
			return v.errf(in, "the return type %%%d is not a type", in.ops[0])
		}
		if len(in.ops)-1 > maxFunctionParameters {
			return v.refuse(in, "%d parameters", len(in.ops)-1)
		}
		for _, p := range in.ops[1:] {
			if t := v.typeOf(p); t == nil || t.op == opTypeVoid || t.op == opTypeFunction {
				return v.errf(in, "parameter type %%%d is not a data type", p)
			}
		}
	case opConstantTrue, opConstantFalse:
		if n, ok := v.numeric(in.typ); !ok || n.kind != 'b' || n.count != 1 {
			return v.errf(in, "the result type is a %s, want bool", v.typeName(in.typ))
		}
	case opConstant:
		n, ok := v.numeric(in.typ)
		if !ok || n.count != 1 || n.kind == 'b' {
			return v.errf(in, "the result type is a %s, want an int or float scalar", v.typeName(in.typ))
		}
		if want := int(max(n.width, 32) / 32); len(in.ops) != want {
			return v.errf(in, "%d literal words for a %d-bit constant", len(in.ops), n.width)
		}
		if n.width == 16 && in.ops[0]>>16 != 0 && !(n.signed && in.ops[0]>>15 == 0x1ffff) {
			return v.errf(in, "a 16-bit constant's high bits are not its sign extension")
		}
	case opConstantComposite:
		for _, c := range in.ops {
			if d := v.defs[c]; d == nil || !(isConstantOp(d.op) || d.op == opUndef) {
				return v.errf(in, "constituent %%%d is not a constant", c)
			}
		}
		if err := v.construct(in); err != nil {
			return err
		}
	case opConstantNull, opUndef:
		if !v.isDataType(in.typ) {
			return v.errf(in, "the result type %%%d is not a data type", in.typ)
		}
	case opVariable:
		return v.variable(in)
	case opLine, opNoLine:
		if in.op == opLine {
			if d := v.defs[in.ops[0]]; d == nil || d.op != opString {
				return v.errf(in, "the file %%%d is not an OpString", in.ops[0])
			}
		}
	case opString, opExtInstImport:
	default:
		return v.errf(in, "the instruction may not be in the types section")
	}
	if in.op < opTypeVoid || in.op > opTypeFunction || in.op == opTypeStruct || in.op == opTypeArray {
		return nil
	}
	for _, o := range v.insts[:i] { // no duplicate non-aggregate types
		if o.op == in.op && slices.Equal(o.ops, in.ops) {
			return v.errf(in, "duplicate declaration of type %%%d", o.res)
		}
	}
	return nil
}

// isDataType reports whether id is a type a value or member may have.
func (v *validator) isDataType(id uint32) bool {
	t := v.typeOf(id)
	return t != nil && t.op != opTypeVoid && t.op != opTypeFunction && t.op != opTypePointer
}

// variable checks an OpVariable (global or local).
func (v *validator) variable(in *inst) error {
	p := v.typeOf(in.typ)
	if p == nil || p.op != opTypePointer {
		return v.errf(in, "the result type is not a pointer")
	}
	sc := in.ops[0]
	if p.ops[0] != sc {
		return v.errf(in, "storage class %d differs from its pointer type's %d", sc, p.ops[0])
	}
	if (in.fn >= 0) != (sc == scFunction) {
		return v.errf(in, "storage class %d: Function variables go in functions, the others outside", sc)
	}
	if len(in.ops) > 1 {
		if sc != scFunction && sc != scPrivate && sc != scOutput {
			return v.errf(in, "a variable of storage class %d may not have an initializer", sc)
		}
		init := v.defs[in.ops[1]]
		if init == nil || !(isConstantOp(init.op) || init.op == opUndef) || init.typ != p.ops[1] {
			return v.errf(in, "the initializer %%%d is not a constant of the variable's type", in.ops[1])
		}
	}
	t := v.typeOf(p.ops[1])
	switch sc {
	case scUniformConstant:
		if t.op != opTypeSampledImage && t.op != opTypeImage && t.op != opTypeSampler {
			return v.errf(in, "a UniformConstant variable must be an image or sampler, not a %s", v.typeName(p.ops[1]))
		}
	case scUniform:
		if t.op != opTypeStruct || !v.hasDeco(p.ops[1], -1, decBlock) {
			return v.refuse(in, "a Uniform variable must be a uniform block (a struct decorated Block)")
		}
	}
	return nil
}

func (v *validator) hasDeco(id uint32, member int32, dec uint32) bool {
	_, ok := v.decos[decoKey{id, member, dec}]
	return ok
}

// annotations checks names and decorations: targets exist, decorations
// are ones the validator knows, on what they apply to.
func (v *validator) annotations() error {
	v.decos = map[decoKey][]uint32{}
	for _, in := range v.insts {
		switch in.op {
		case opName:
			if v.defs[in.ops[0]] == nil {
				return v.errf(in, "names %%%d, which is not defined", in.ops[0])
			}
		case opMemberName:
			if t := v.typeOf(in.ops[0]); t == nil || t.op != opTypeStruct || in.ops[1] >= uint32(len(t.ops)) {
				return v.errf(in, "names member %d of %%%d, which is not a struct with that member", in.ops[1], in.ops[0])
			}
		case opDecorate, opMemberDecorate:
			if err := v.decorate(in); err != nil {
				return err
			}
		}
	}
	return nil
}

func (v *validator) decorate(in *inst) error {
	target := in.ops[0]
	d := v.defs[target]
	if d == nil {
		return v.errf(in, "decorates %%%d, which is not defined", target)
	}
	member := int32(-1)
	rest := in.ops[1:]
	if in.op == opMemberDecorate {
		t := v.typeOf(target)
		if t == nil || t.op != opTypeStruct || in.ops[1] >= uint32(len(t.ops)) {
			return v.errf(in, "decorates member %d of %%%d, which is not a struct with that member", in.ops[1], target)
		}
		member = int32(in.ops[1])
		rest = in.ops[2:]
	}
	dec, args := rest[0], rest[1:]
	wantArgs := 0
	isVar := d.op == opVariable && member < 0
	isInterface := isVar && (d.ops[0] == scInput || d.ops[0] == scOutput)
	ok := false
	switch dec {
	case decRelaxedPrecision:
		ok = true
	case decBlock:
		ok = d.op == opTypeStruct && member < 0
	case decRowMajor, decColMajor:
		ok = member >= 0
	case decArrayStride:
		ok, wantArgs = d.op == opTypeArray && member < 0, 1
	case decMatrixStride, decOffset:
		ok, wantArgs = member >= 0, 1
	case decBuiltIn:
		ok, wantArgs = isVar || member >= 0, 1
	case decNoPerspective, decFlat, decCentroid:
		ok = isInterface && member < 0
	case decInvariant:
		ok = isVar && d.ops[0] == scOutput || member >= 0
	case decLocation:
		ok, wantArgs = isInterface && member < 0, 1
	case decBinding, decDescriptorSet:
		ok, wantArgs = isVar && (d.ops[0] == scUniform || d.ops[0] == scUniformConstant), 1
	default:
		return v.refuse(in, "decoration %d", dec)
	}
	if len(args) != wantArgs {
		return v.errf(in, "decoration %d takes %d operands, has %d", dec, wantArgs, len(args))
	}
	if !ok {
		return v.errf(in, "decoration %d does not apply to %%%d", dec, target)
	}
	k := decoKey{target, member, dec}
	if _, dup := v.decos[k]; dup {
		return v.errf(in, "decoration %d given twice", dec)
	}
	v.decos[k] = args
	return nil
}

func (v *validator) deco(id uint32, member int32, dec uint32) (uint32, bool) {
	a, ok := v.decos[decoKey{id, member, dec}]
	if !ok || len(a) == 0 {
		return 0, ok
	}
	return a[0], true
}

// function checks one function: its type, parameters, control flow and
// every instruction.
func (v *validator) function(fn *fnInfo) error {
	f := fn.def
	ft := v.typeOf(f.ops[1])
	if ft == nil || ft.op != opTypeFunction {
		return v.errf(f, "the function type %%%d is not an OpTypeFunction", f.ops[1])
	}
	if ft.ops[0] != f.typ {
		return v.errf(f, "the result type differs from the function type's return type")
	}
	if f.ops[0]&^0xf != 0 || f.ops[0]&3 == 3 {
		return v.errf(f, "function control %#x", f.ops[0])
	}
	if len(fn.params) != len(ft.ops)-1 {
		return v.errf(f, "%d parameters, the function type has %d", len(fn.params), len(ft.ops)-1)
	}
	for i, p := range fn.params {
		if p.typ != ft.ops[i+1] {
			return v.errf(p, "parameter %d's type differs from the function type's", i)
		}
		if pt := v.typeOf(p.typ); pt != nil && pt.op == opTypePointer && pt.ops[0] != scFunction && pt.ops[0] != scPrivate && pt.ops[0] != scUniformConstant {
			return v.refuse(p, "a pointer parameter of storage class %d", pt.ops[0])
		}
	}
	if err := v.cfg(fn); err != nil {
		return err
	}
	for _, b := range fn.blocks {
		for _, in := range b.insts {
			if err := v.uses(fn, b, in); err != nil {
				return err
			}
			if err := v.instruction(fn, in); err != nil {
				return err
			}
		}
	}
	return nil
}

// label returns the block index of a branch target in fn.
func (v *validator) label(fn *fnInfo, in *inst, id uint32) (int, error) {
	i, ok := fn.byLabel[id]
	if !ok {
		return 0, v.errf(in, "target %%%d is not a label of this function", id)
	}
	return i, nil
}

// cfg builds the blocks' edges and dominators and checks structured
// control flow.
func (v *validator) cfg(fn *fnInfo) error {
	bs := fn.blocks
	for bi, b := range bs {
		t := b.term
		var targets []uint32
		switch t.op {
		case opBranch:
			targets = t.ops[:1]
		case opBranchConditional:
			targets = t.ops[1:3]
			if len(t.ops) != 3 && len(t.ops) != 5 {
				return v.errf(t, "branch weights must be none or two")
			}
		case opSwitch:
			targets = append(targets, t.ops[1])
			for k := 3; k < len(t.ops); k += 2 {
				targets = append(targets, t.ops[k])
			}
		}
		for _, id := range targets {
			s, err := v.label(fn, t, id)
			if err != nil {
				return err
			}
			if s == 0 {
				return v.errf(t, "the function's first block may not be a branch target")
			}
			if !slices.Contains(b.succ, s) {
				b.succ = append(b.succ, s)
				bs[s].pred = append(bs[s].pred, bi)
			}
		}
	}
	// reachability and reverse post-order
	var order []int
	var visit func(int)
	visit = func(i int) {
		bs[i].reach = true
		for _, s := range bs[i].succ {
			if !bs[s].reach {
				visit(s)
			}
		}
		order = append(order, i)
	}
	visit(0)
	slices.Reverse(order)
	for k, i := range order {
		bs[i].rpo = k
	}
	// dominators (Cooper, Harvey and Kennedy)
	bs[0].idom = 0
	for changed := true; changed; {
		changed = false
		for _, i := range order[1:] {
			nd := -1
			for _, p := range bs[i].pred {
				if !bs[p].reach || bs[p].idom < 0 {
					continue
				}
				if nd < 0 {
					nd = p
					continue
				}
				a, c := p, nd
				for a != c {
					for bs[a].rpo > bs[c].rpo {
						a = bs[a].idom
					}
					for bs[c].rpo > bs[a].rpo {
						c = bs[c].idom
					}
				}
				nd = a
			}
			if nd != bs[i].idom {
				bs[i].idom, changed = nd, true
			}
		}
	}
	// merge instructions and structure
	mergeOf := map[int]int{}    // merge block -> header
	continueOf := map[int]int{} // continue target -> header
	for hi, b := range bs {
		m := b.merge
		if m == nil {
			if b.term.op == opSwitch || b.term.op == opBranchConditional && len(b.succ) > 1 {
				if b.term.op == opSwitch {
					return v.errf(b.term, "OpSwitch without an OpSelectionMerge")
				}
			}
			continue
		}
		b.header = true
		mi, err := v.label(fn, m, m.ops[0])
		if err != nil {
			return err
		}
		if mi == hi {
			return v.errf(m, "a header may not be its own merge block")
		}
		if _, dup := mergeOf[mi]; dup {
			return v.errf(m, "block %%%d is the merge block of two headers", bs[mi].label)
		}
		mergeOf[mi] = hi
		if m.op == opLoopMerge {
			ci, err := v.label(fn, m, m.ops[1])
			if err != nil {
				return err
			}
			if ci == mi {
				return v.errf(m, "the continue target is the merge block")
			}
			if m.ops[2]&^loopControlMask != 0 || m.ops[2] == loopControlMask {
				return v.refuse(m, "loop control %#x", m.ops[2])
			}
			if _, dup := continueOf[ci]; dup {
				return v.errf(m, "block %%%d is the continue target of two loops", bs[ci].label)
			}
			continueOf[ci] = hi
		} else if m.ops[1]&^selectionControlMask != 0 || m.ops[1] == selectionControlMask {
			return v.refuse(m, "selection control %#x", m.ops[1])
		}
	}
	for i, b := range bs {
		if b.reach {
			continue
		}
		// glslc leaves unreachable merge blocks and continue targets
		// holding a terminator alone; anything else is refused.
		_, isMerge := mergeOf[i]
		h, isCont := continueOf[i]
		if !isMerge && !isCont || len(b.insts) != 2 {
			return v.refuse(b.insts[0], "unreachable block %%%d", b.label)
		}
		switch {
		case b.term.op == opUnreachable:
		case isCont && b.term.op == opBranch && b.term.ops[0] == bs[h].label:
		default:
			return v.refuse(b.term, "unreachable block %%%d does more than end", b.label)
		}
	}
	// back edges and exits of conditional branches
	backEdges := map[int]int{}
	for ai, a := range bs {
		if !a.reach {
			continue
		}
		for _, s := range a.succ {
			if !v.dominates(fn, s, ai) {
				continue
			}
			h := bs[s]
			if h.merge == nil || h.merge.op != opLoopMerge {
				return v.errf(a.term, "a back edge to %%%d, which is not a loop header", h.label)
			}
			ci := fn.byLabel[h.merge.ops[1]]
			if !v.dominates(fn, ci, ai) {
				return v.errf(a.term, "the back edge to loop %%%d does not come from its continue construct", h.label)
			}
			backEdges[s]++
		}
		if a.merge == nil && len(a.succ) > 1 {
			inner := 0
			for _, s := range a.succ {
				_, isMerge := mergeOf[s]
				_, isCont := continueOf[s]
				if !(isMerge && bs[mergeOf[s]].merge.op == opLoopMerge) && !isCont {
					inner++
				}
			}
			if inner > 1 {
				return v.errf(a.term, "a conditional branch without a merge instruction must break or continue")
			}
		}
	}
	for hi, b := range bs {
		if b.merge == nil || !b.reach {
			continue
		}
		mi := fn.byLabel[b.merge.ops[0]]
		if bs[mi].reach && !v.dominates(fn, hi, mi) {
			return v.errf(b.merge, "the header does not dominate its merge block")
		}
		if b.merge.op == opLoopMerge {
			ci := fn.byLabel[b.merge.ops[1]]
			if bs[ci].reach {
				if !v.dominates(fn, hi, ci) {
					return v.errf(b.merge, "the loop header does not dominate its continue target")
				}
				if backEdges[hi] != 1 {
					return v.errf(b.merge, "loop %%%d has %d back edges, want 1", b.label, backEdges[hi])
				}
			}
		}
		if err := v.construct2(fn, hi, mi, mergeOf, continueOf); err != nil {
			return err
		}
	}
	for i, b := range bs {
		if b.reach && backEdges[i] > 0 && (b.merge == nil || b.merge.op != opLoopMerge) {
			return v.errf(b.insts[0], "block %%%d is the target of a back edge without being a loop header", b.label)
		}
	}
	// OpPhi: one pair per predecessor.
	for _, b := range bs {
		for _, in := range b.insts {
			if in.op != opPhi {
				continue
			}
			var parents []int
			for k := 1; k < len(in.ops); k += 2 {
				p, err := v.label(fn, in, in.ops[k])
				if err != nil {
					return err
				}
				if slices.Contains(parents, p) || !slices.Contains(b.pred, p) {
					return v.errf(in, "parent %%%d is not a distinct predecessor of the block", in.ops[k])
				}
				parents = append(parents, p)
			}
			if len(parents) != len(b.pred) {
				return v.errf(in, "%d parents for a block of %d predecessors", len(parents), len(b.pred))
			}
		}
	}
	return nil
}

// construct2 checks that the blocks of header hi's construct leave it
// only through its merge block mi or as a break or continue of an
// enclosing loop.
func (v *validator) construct2(fn *fnInfo, hi, mi int, mergeOf, continueOf map[int]int) error {
	bs := fn.blocks
	isLoop := bs[hi].merge.op == opLoopMerge
	for bi, b := range bs {
		if !b.reach || !v.dominates(fn, hi, bi) || (bs[mi].reach && v.dominates(fn, mi, bi)) {
			continue
		}
		for _, s := range b.succ {
			if s == mi || (v.dominates(fn, hi, s) && !(bs[mi].reach && v.dominates(fn, mi, s))) {
				continue
			}
			if s == hi && isLoop {
				continue
			}
			if h, ok := mergeOf[s]; ok && bs[h].merge.op == opLoopMerge && v.dominates(fn, h, hi) {
				continue // a break out of an enclosing loop
			}
			if h, ok := mergeOf[s]; ok && bs[h].term.op == opSwitch && v.dominates(fn, h, hi) {
				continue // a break out of an enclosing switch
			}
			if h, ok := continueOf[s]; ok && v.dominates(fn, h, hi) {
				continue // a continue of an enclosing loop
			}
			if s < len(bs) && bs[s].merge != nil && bs[s].merge.op == opLoopMerge && v.dominates(fn, s, hi) {
				continue // the back edge of an enclosing loop
			}
			return v.errf(b.term, "a branch from the construct of header %%%d to %%%d leaves it other than through its merge block", bs[hi].label, bs[s].label)
		}
	}
	return nil
}

// dominates reports whether block a dominates block b (both reachable).
func (v *validator) dominates(fn *fnInfo, a, b int) bool {
	bs := fn.blocks
	if !bs[a].reach || !bs[b].reach {
		return false
	}
	for {
		if a == b {
			return true
		}
		if b == 0 {
			return false
		}
		b = bs[b].idom
	}
}

// uses checks that every id an instruction uses is defined where it may
// use it: globals anywhere, function-local values dominating the use.
func (v *validator) uses(fn *fnInfo, b *block, in *inst) error {
	ids := v.idOperands(in)
	if in.typ != 0 {
		ids = ids[1:]
		if v.typeOf(in.typ) == nil {
			return v.errf(in, "the result type %%%d is not a type", in.typ)
		}
	}
	for k, id := range ids {
		d := v.defs[id]
		if d == nil {
			return v.errf(in, "operand %%%d is not defined", id)
		}
		switch {
		case d.op == opLabel:
			if !isBranchLike(in.op) || d.fn != in.fn {
				return v.errf(in, "operand %%%d is a label", id)
			}
			continue
		case d.op == opFunction:
			if in.op != opFunctionCall || k != 0 {
				return v.errf(in, "operand %%%d is a function", id)
			}
			continue
		case d.op == opExtInstImport:
			if in.op != opExtInst || k != 0 {
				return v.errf(in, "operand %%%d is an instruction set", id)
			}
			continue
		case isTypeOp(d.op) || d.op == opString:
			return v.errf(in, "operand %%%d is a type, not a value", id)
		case d.fn < 0:
			continue
		}
		if d.fn != in.fn {
			return v.errf(in, "operand %%%d belongs to another function", id)
		}
		if d.op == opFunctionParameter {
			continue
		}
		db := fn.blocks[d.block]
		ub := b
		if in.op == opPhi {
			p := fn.byLabel[in.ops[k+1]] // the value's parent block
			if !v.dominates(fn, d.block, p) {
				return v.errf(in, "operand %%%d does not dominate the end of its parent block", id)
			}
			continue
		}
		if !b.reach {
			return v.refuse(in, "an instruction in an unreachable block")
		}
		if db == ub {
			if v.pos[d] >= v.pos[in] {
				return v.errf(in, "operand %%%d is used before its definition", id)
			}
			continue
		}
		if !v.dominates(fn, d.block, in.block) {
			return v.errf(in, "operand %%%d is defined in a block that does not dominate its use", id)
		}
	}
	return nil
}

func isBranchLike(op uint16) bool {
	switch op {
	case opBranch, opBranchConditional, opSwitch, opPhi, opLoopMerge, opSelectionMerge:
		return true
	}
	return false
}

// calls checks the call graph: no recursion.
func (v *validator) calls() error {
	index := map[uint32]int{}
	for i, fn := range v.fns {
		index[fn.def.res] = i
	}
	state := make([]byte, len(v.fns))
	var visit func(i int) error
	visit = func(i int) error {
		state[i] = 1
		for _, c := range v.fns[i].callees {
			j := index[c]
			if state[j] == 1 {
				return v.errf(v.fns[j].def, "recursion: function %%%d calls itself", c)
			}
			if state[j] == 0 {
				if err := visit(j); err != nil {
					return err
				}
			}
		}
		state[i] = 2
		return nil
	}
	for i := range v.fns {
		if state[i] == 0 {
			if err := visit(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// pointer returns the pointer type of a pointer value and its pointee.
func (v *validator) pointer(id uint32) (sc, pointee uint32, ok bool) {
	t := v.typeOf(v.typeOfValue(id))
	if t == nil || t.op != opTypePointer {
		return 0, 0, false
	}
	d := v.defs[id]
	switch d.op {
	case opVariable, opAccessChain, opInBoundsAccessChain, opFunctionParameter:
	default:
		return 0, 0, false
	}
	return t.ops[0], t.ops[1], true
}

// same checks that operand id has type want.
func (v *validator) same(in *inst, id, want uint32, what string) error {
	if got := v.typeOfValue(id); got != want {
		return v.errf(in, "%s %%%d is a %s, want a %s", what, id, v.typeName(got), v.typeName(want))
	}
	return nil
}

// valueNum returns the numeric type of a value operand.
func (v *validator) valueNum(in *inst, id uint32, what string) (num, error) {
	n, ok := v.numeric(v.typeOfValue(id))
	if !ok {
		return n, v.errf(in, "%s %%%d is a %s, not a scalar or vector", what, id, v.typeName(v.typeOfValue(id)))
	}
	return n, nil
}

// instruction checks one instruction's types.
func (v *validator) instruction(fn *fnInfo, in *inst) error {
	op := in.op
	var res num
	resOK := false
	if in.typ != 0 {
		res, resOK = v.numeric(in.typ)
		if t := v.typeOf(in.typ); t.op == opTypeVoid && op != opFunctionCall {
			return v.errf(in, "the result type is void")
		}
	}
	needRes := func(kind byte) error {
		if !resOK || (kind != 0 && res.kind != kind) {
			return v.errf(in, "the result type is a %s", v.typeName(in.typ))
		}
		return nil
	}
	fragmentOnly := func() error {
		if v.model != modelFragment {
			return v.errf(in, "the instruction is for fragment shaders only")
		}
		return nil
	}
	switch {
	case op == opLabel, op == opLine, op == opNoLine, op == opSelectionMerge, op == opLoopMerge, op == opBranch:
		return nil
	case op == opUndef:
		return v.global(in, 0)
	case op == opVariable:
		return v.variable(in)
	case op == opReturn:
		if t := v.typeOf(fn.def.typ); t.op != opTypeVoid {
			return v.errf(in, "OpReturn in a function that returns a value")
		}
	case op == opReturnValue:
		if t := v.typeOf(fn.def.typ); t.op == opTypeVoid {
			return v.errf(in, "OpReturnValue in a void function")
		}
		return v.same(in, in.ops[0], fn.def.typ, "the value")
	case op == opKill:
		return fragmentOnly()
	case op == opUnreachable:
	case op == opBranchConditional:
		if n, err := v.valueNum(in, in.ops[0], "the condition"); err != nil || n.kind != 'b' || n.count != 1 {
			return v.errf(in, "the condition is not a bool")
		}
	case op == opSwitch:
		n, err := v.valueNum(in, in.ops[0], "the selector")
		if err != nil || n.kind != 'i' || n.count != 1 || n.width != 32 {
			return v.refuse(in, "the selector is not a 32-bit int")
		}
		var seen []uint32
		for k := 2; k < len(in.ops); k += 2 {
			if slices.Contains(seen, in.ops[k]) {
				return v.errf(in, "case %d given twice", in.ops[k])
			}
			seen = append(seen, in.ops[k])
		}
	case op == opPhi:
		if !v.isDataType(in.typ) {
			return v.errf(in, "the result type is not a data type")
		}
		for k := 0; k < len(in.ops); k += 2 {
			if err := v.same(in, in.ops[k], in.typ, "the value"); err != nil {
				return err
			}
		}
	case op == opFunctionCall:
		callee := v.defs[in.ops[0]]
		if callee == nil || callee.op != opFunction {
			return v.errf(in, "%%%d is not a function", in.ops[0])
		}
		if callee.typ != in.typ {
			return v.errf(in, "the result type differs from the callee's")
		}
		ft := v.typeOf(callee.ops[1])
		if ft == nil || len(ft.ops)-1 != len(in.ops)-1 {
			return v.errf(in, "%d arguments for a function of %d parameters", len(in.ops)-1, len(ft.ops)-1)
		}
		for k, a := range in.ops[1:] {
			if err := v.same(in, a, ft.ops[k+1], "argument"); err != nil {
				return err
			}
			if t := v.typeOf(ft.ops[k+1]); t.op == opTypePointer {
				if d := v.defs[a]; d.op != opVariable && d.op != opFunctionParameter {
					return v.errf(in, "pointer argument %%%d is not a variable", a)
				}
			}
		}
		fn.callees = append(fn.callees, in.ops[0])
	case op == opLoad:
		_, pt, ok := v.pointer(in.ops[0])
		if !ok {
			return v.errf(in, "%%%d is not a pointer to load from", in.ops[0])
		}
		if pt != in.typ {
			return v.errf(in, "loads a %s into a %s", v.typeName(pt), v.typeName(in.typ))
		}
		return v.memoryAccess(in, in.ops[1:])
	case op == opStore:
		sc, pt, ok := v.pointer(in.ops[0])
		if !ok {
			return v.errf(in, "%%%d is not a pointer to store to", in.ops[0])
		}
		if sc == scInput || sc == scUniform || sc == scUniformConstant {
			return v.errf(in, "stores to read-only storage class %d", sc)
		}
		if err := v.same(in, in.ops[1], pt, "the object"); err != nil {
			return err
		}
		return v.memoryAccess(in, in.ops[2:])
	case op == opAccessChain || op == opInBoundsAccessChain:
		return v.accessChain(in)
	case op == opCopyObject:
		if t := v.typeOf(in.typ); t.op == opTypePointer {
			return v.refuse(in, "copying a pointer")
		}
		return v.same(in, in.ops[0], in.typ, "the operand")
	case op == opCompositeExtract:
		t, err := v.walk(in, v.typeOfValue(in.ops[0]), in.ops[1:])
		if err != nil {
			return err
		}
		if t != in.typ {
			return v.errf(in, "extracts a %s into a %s", v.typeName(t), v.typeName(in.typ))
		}
	case op == opCompositeInsert:
		if err := v.same(in, in.ops[1], in.typ, "the composite"); err != nil {
			return err
		}
		t, err := v.walk(in, in.typ, in.ops[2:])
		if err != nil {
			return err
		}
		return v.same(in, in.ops[0], t, "the object")
	case op == opCompositeConstruct:
		return v.construct(in)
	case op == opVectorShuffle:
		if err := needRes(0); err != nil || res.count < 2 {
			return v.errf(in, "the result type is not a vector")
		}
		a, err1 := v.valueNum(in, in.ops[0], "vector 1")
		b, err2 := v.valueNum(in, in.ops[1], "vector 2")
		if err1 != nil || err2 != nil || a.count < 2 || b.count < 2 || a.comp != res.comp || b.comp != res.comp {
			return v.errf(in, "the vectors' components differ from the result's")
		}
		if uint32(len(in.ops)-2) != res.count {
			return v.errf(in, "%d components for a vector of %d", len(in.ops)-2, res.count)
		}
		for _, c := range in.ops[2:] {
			if c >= a.count+b.count && c != math.MaxUint32 {
				return v.errf(in, "component %d of two vectors of %d and %d", c, a.count, b.count)
			}
		}
	case op == opVectorExtractDynamic || op == opVectorInsertDynamic:
		vec := in.ops[0]
		if op == opVectorInsertDynamic {
			if err := v.same(in, vec, in.typ, "the vector"); err != nil {
				return err
			}
		}
		n, err := v.valueNum(in, vec, "the vector")
		if err != nil || n.count < 2 {
			return v.errf(in, "%%%d is not a vector", vec)
		}
		if op == opVectorExtractDynamic && in.typ != n.comp {
			return v.errf(in, "the result is not the vector's component type")
		}
		if op == opVectorInsertDynamic {
			if err := v.same(in, in.ops[1], n.comp, "the component"); err != nil {
				return err
			}
		}
		idx, err := v.valueNum(in, in.ops[len(in.ops)-1], "the index")
		if err != nil || idx.kind != 'i' || idx.count != 1 {
			return v.errf(in, "the index is not an integer scalar")
		}
	case op == opTranspose:
		rt, ot := v.typeOf(in.typ), v.typeOf(v.typeOfValue(in.ops[0]))
		if rt.op != opTypeMatrix || ot == nil || ot.op != opTypeMatrix {
			return v.errf(in, "transpose needs matrices")
		}
		rc, _ := v.numeric(rt.ops[0])
		oc, _ := v.numeric(ot.ops[0])
		if rc.comp != oc.comp || rc.count != ot.ops[1] || oc.count != rt.ops[1] {
			return v.errf(in, "the result is not the operand's transpose")
		}
	case op == opImageSampleImplicitLod || op == opImageSampleExplicitLod:
		return v.sample(in, res, resOK)
	case op >= opConvertFToU && op <= opFConvert || op == opBitcast:
		return v.convert(in, res, resOK)
	case op == opSNegate || op == opFNegate || op == opNot || op == opDPdx || op == opDPdy || op == opFwidth:
		kind := byte('i')
		if op == opFNegate || op >= opDPdx {
			kind = 'f'
		}
		if err := needRes(kind); err != nil {
			return err
		}
		if op >= opDPdx {
			if res.width != 32 {
				return v.errf(in, "derivatives take 32-bit floats")
			}
			if err := fragmentOnly(); err != nil {
				return err
			}
		}
		return v.sameShape(in, in.ops[0], res, kind == 'f')
	case op >= opIAdd && op <= opFMod || op >= opShiftRightLogical && op <= opBitwiseAnd:
		float := op == opFAdd || op == opFSub || op == opFMul || op == opFDiv || op == opFRem || op == opFMod
		kind := byte('i')
		if float {
			kind = 'f'
		}
		if err := needRes(kind); err != nil {
			return err
		}
		if (op == opUDiv || op == opUMod) && res.signed {
			return v.errf(in, "the result of an unsigned division must be unsigned")
		}
		for k, id := range in.ops {
			if k == 1 && (op == opShiftLeftLogical || op == opShiftRightLogical || op == opShiftRightArithmetic) {
				n, err := v.valueNum(in, id, "the shift")
				if err != nil || n.kind != 'i' || n.count != res.count {
					return v.errf(in, "the shift is not an integer of the base's size")
				}
				continue
			}
			// Integer operands of the result's type exactly (glslc
			// bitcasts to it): a validator newer than the rules here
			// may ask more of mixed signedness.
			if err := v.sameShape(in, id, res, true); err != nil {
				return err
			}
		}
	case op >= opVectorTimesScalar && op <= opDot:
		return v.linear(in)
	case op == opAny || op == opAll:
		if err := needRes('b'); err != nil || res.count != 1 {
			return v.errf(in, "the result type is not a bool")
		}
		n, err := v.valueNum(in, in.ops[0], "the operand")
		if err != nil || n.kind != 'b' || n.count < 2 {
			return v.errf(in, "the operand is not a bool vector")
		}
	case op == opIsNan || op == opIsInf:
		if err := needRes('b'); err != nil {
			return err
		}
		n, err := v.valueNum(in, in.ops[0], "the operand")
		if err != nil || n.kind != 'f' || n.count != res.count {
			return v.errf(in, "the operand is not a float of the result's size")
		}
	case op >= opLogicalEqual && op <= opLogicalNot:
		if err := needRes('b'); err != nil {
			return err
		}
		for _, id := range in.ops {
			if err := v.same(in, id, in.typ, "the operand"); err != nil {
				return err
			}
		}
	case op == opSelect:
		if err := needRes(0); err != nil {
			return err
		}
		c, err := v.valueNum(in, in.ops[0], "the condition")
		if err != nil || c.kind != 'b' || (c.count != 1 && c.count != res.count) {
			return v.errf(in, "the condition is not a bool of the result's size")
		}
		for _, id := range in.ops[1:] {
			if err := v.same(in, id, in.typ, "the object"); err != nil {
				return err
			}
		}
	case op >= opIEqual && op <= opFUnordGreaterThanEqual:
		if err := needRes('b'); err != nil {
			return err
		}
		float := op >= opFOrdEqual
		a, err := v.valueNum(in, in.ops[0], "operand 1")
		if err != nil {
			return err
		}
		if float {
			if a.kind != 'f' || a.count != res.count {
				return v.errf(in, "operand 1 is not a float of the result's size")
			}
			return v.same(in, in.ops[1], v.typeOfValue(in.ops[0]), "operand 2")
		}
		if a.kind != 'i' || a.count != res.count {
			return v.errf(in, "the operands are not integers of the result's size")
		}
		return v.same(in, in.ops[1], v.typeOfValue(in.ops[0]), "operand 2")
	case op == opExtInst:
		return v.extInst(in, res, resOK)
	default:
		return v.refuse(in, "the instruction in a function")
	}
	return nil
}

// memoryAccess checks an optional memory access mask.
func (v *validator) memoryAccess(in *inst, rest []uint32) error {
	if len(rest) > 1 || len(rest) == 1 && rest[0]&^memoryAccessVolatileOrNT != 0 {
		return v.refuse(in, "memory access operands")
	}
	return nil
}

// sameShape checks that operand id is a scalar or vector of the result's
// kind, width and size (integers may differ in signedness).
func (v *validator) sameShape(in *inst, id uint32, res num, exact bool) error {
	n, err := v.valueNum(in, id, "the operand")
	if err != nil {
		return err
	}
	if exact {
		return v.same(in, id, in.typ, "the operand")
	}
	if n.kind != res.kind || n.width != res.width || n.count != res.count {
		return v.errf(in, "operand %%%d is a %s, want the shape of a %s", id, v.typeName(v.typeOfValue(id)), v.typeName(in.typ))
	}
	return nil
}

// walk follows literal indices into a composite type.
func (v *validator) walk(in *inst, t uint32, idx []uint32) (uint32, error) {
	if len(idx) == 0 {
		return 0, v.errf(in, "no indices")
	}
	for _, i := range idx {
		ti := v.typeOf(t)
		if ti == nil {
			return 0, v.errf(in, "indexes into a %s", v.typeName(t))
		}
		var n uint32
		switch ti.op {
		case opTypeVector, opTypeMatrix:
			n = ti.ops[1]
			t = ti.ops[0]
		case opTypeArray:
			n = v.arrayLength(ti)
			t = ti.ops[0]
		case opTypeStruct:
			n = uint32(len(ti.ops))
			if i < n {
				t = ti.ops[i]
			}
		default:
			return 0, v.errf(in, "indexes into a %s", v.typeName(t))
		}
		if i >= n {
			return 0, v.errf(in, "index %d is out of the %d elements", i, n)
		}
	}
	return t, nil
}

// accessChain checks an OpAccessChain.
func (v *validator) accessChain(in *inst) error {
	sc, t, ok := v.pointer(in.ops[0])
	if !ok {
		return v.errf(in, "the base %%%d is not a pointer", in.ops[0])
	}
	if len(in.ops) < 2 {
		return v.refuse(in, "an access chain without indices")
	}
	for _, id := range in.ops[1:] {
		n, err := v.valueNum(in, id, "the index")
		if err != nil || n.kind != 'i' || n.count != 1 || n.width != 32 {
			return v.errf(in, "index %%%d is not a 32-bit integer scalar", id)
		}
		c, isConst := v.constValue(id)
		ti := v.typeOf(t)
		var count uint32
		switch ti.op {
		case opTypeStruct:
			if !isConst {
				return v.errf(in, "a struct index must be a constant")
			}
			count = uint32(len(ti.ops))
			if c >= 0 && c < int64(count) {
				t = ti.ops[c]
			}
		case opTypeVector, opTypeMatrix:
			count, t = ti.ops[1], ti.ops[0]
		case opTypeArray:
			count, t = v.arrayLength(ti), ti.ops[0]
		default:
			return v.errf(in, "indexes into a %s", v.typeName(t))
		}
		if isConst && (c < 0 || c >= int64(count)) {
			return v.errf(in, "index %d is out of the %d elements", c, count)
		}
		if !isConst && sc == scUniformConstant {
			return v.refuse(in, "dynamic indexing of textures")
		}
	}
	rt := v.typeOf(in.typ)
	if rt.op != opTypePointer || rt.ops[0] != sc || rt.ops[1] != t {
		return v.errf(in, "the result type is a %s, want a pointer of storage class %d to a %s", v.typeName(in.typ), sc, v.typeName(t))
	}
	return nil
}

// construct checks OpCompositeConstruct and OpConstantComposite.
func (v *validator) construct(in *inst) error {
	t := v.typeOf(in.typ)
	if t == nil {
		return v.errf(in, "the result type is not a type")
	}
	parts := in.ops
	switch t.op {
	case opTypeVector:
		res, _ := v.numeric(in.typ)
		total := uint32(0)
		for _, p := range parts {
			n, err := v.valueNum(in, p, "constituent")
			if err != nil || n.comp != res.comp {
				return v.errf(in, "constituent %%%d is not made of the vector's components", p)
			}
			total += n.count
		}
		if len(parts) < 2 && in.op == opCompositeConstruct || total != res.count {
			return v.errf(in, "%d components for a vector of %d", total, res.count)
		}
		if in.op == opConstantComposite && len(parts) != int(res.count) {
			return v.errf(in, "a constant vector takes one scalar per component")
		}
		return nil
	case opTypeMatrix:
		if uint32(len(parts)) != t.ops[1] {
			return v.errf(in, "%d columns for a matrix of %d", len(parts), t.ops[1])
		}
		for _, p := range parts {
			if err := v.same(in, p, t.ops[0], "column"); err != nil {
				return err
			}
		}
	case opTypeArray:
		if uint32(len(parts)) != v.arrayLength(t) {
			return v.errf(in, "%d elements for an array of %d", len(parts), v.arrayLength(t))
		}
		for _, p := range parts {
			if err := v.same(in, p, t.ops[0], "element"); err != nil {
				return err
			}
		}
	case opTypeStruct:
		if len(parts) != len(t.ops) {
			return v.errf(in, "%d members for a struct of %d", len(parts), len(t.ops))
		}
		for k, p := range parts {
			if err := v.same(in, p, t.ops[k], "member"); err != nil {
				return err
			}
		}
	default:
		return v.errf(in, "the result type is not a composite")
	}
	return nil
}

// convert checks the conversion instructions.
func (v *validator) convert(in *inst, res num, resOK bool) error {
	n, err := v.valueNum(in, in.ops[0], "the operand")
	if err != nil {
		return err
	}
	if !resOK || n.count != res.count || res.kind == 'b' || n.kind == 'b' {
		return v.errf(in, "converts a %s to a %s", v.typeName(v.typeOfValue(in.ops[0])), v.typeName(in.typ))
	}
	var from, to byte
	switch in.op {
	case opConvertFToU, opConvertFToS:
		from, to = 'f', 'i'
	case opConvertSToF, opConvertUToF:
		from, to = 'i', 'f'
	case opUConvert, opSConvert:
		from, to = 'i', 'i'
	case opFConvert:
		from, to = 'f', 'f'
	case opBitcast:
		if n.width != res.width {
			return v.errf(in, "bitcast between widths %d and %d", n.width, res.width)
		}
		return nil
	}
	if n.kind != from || res.kind != to {
		return v.errf(in, "converts a %s to a %s", v.typeName(v.typeOfValue(in.ops[0])), v.typeName(in.typ))
	}
	if from == to && n.width == res.width {
		return v.errf(in, "converts between equal widths")
	}
	if in.op == opUConvert && res.signed || in.op == opConvertFToU && res.signed {
		return v.errf(in, "the result must be unsigned")
	}
	return nil
}

// linear checks the vector and matrix products.
func (v *validator) linear(in *inst) error {
	r := v.typeOf(in.typ)
	a, b := v.typeOf(v.typeOfValue(in.ops[0])), v.typeOf(v.typeOfValue(in.ops[1]))
	if a == nil || b == nil {
		return v.errf(in, "an operand is not a value")
	}
	bad := func() error {
		return v.errf(in, "operands %s and %s do not make a %s", v.typeName(a.res), v.typeName(b.res), v.typeName(in.typ))
	}
	rn, rNum := v.numeric(in.typ)
	an, aNum := v.numeric(a.res)
	bn, bNum := v.numeric(b.res)
	colOf := func(m *inst) num { c, _ := v.numeric(m.ops[0]); return c }
	switch in.op {
	case opVectorTimesScalar:
		if !rNum || rn.kind != 'f' || rn.count < 2 || a.res != in.typ || !bNum || bn.count != 1 || bn.comp != rn.comp {
			return bad()
		}
	case opMatrixTimesScalar:
		if r.op != opTypeMatrix || a.res != in.typ || !bNum || bn.count != 1 || bn.comp != colOf(r).comp {
			return bad()
		}
	case opVectorTimesMatrix: // vector (rows of M) x M -> vector (columns of M)
		if !rNum || !aNum || b.op != opTypeMatrix || an.count != colOf(b).count || an.comp != colOf(b).comp ||
			rn.count != b.ops[1] || rn.comp != an.comp {
			return bad()
		}
	case opMatrixTimesVector: // M x vector (columns of M) -> column type
		if a.op != opTypeMatrix || !bNum || bn.count != a.ops[1] || bn.comp != colOf(a).comp || in.typ != a.ops[0] {
			return bad()
		}
	case opMatrixTimesMatrix:
		if r.op != opTypeMatrix || a.op != opTypeMatrix || b.op != opTypeMatrix || r.ops[0] != a.ops[0] ||
			r.ops[1] != b.ops[1] || colOf(b).count != a.ops[1] || colOf(b).comp != colOf(a).comp {
			return bad()
		}
	case opOuterProduct:
		if r.op != opTypeMatrix || a.res != r.ops[0] || !bNum || bn.count != r.ops[1] || bn.comp != an.comp {
			return bad()
		}
	case opDot:
		if !rNum || rn.count != 1 || rn.kind != 'f' || !aNum || an.count < 2 || a.res != b.res || an.comp != in.typ {
			return bad()
		}
	}
	return nil
}

// sample checks the image sampling instructions.
func (v *validator) sample(in *inst, res num, resOK bool) error {
	if in.op == opImageSampleImplicitLod && v.model != modelFragment {
		return v.errf(in, "implicit-lod sampling is for fragment shaders only")
	}
	si := v.typeOf(v.typeOfValue(in.ops[0]))
	if si == nil || si.op != opTypeSampledImage {
		return v.errf(in, "%%%d is not a sampled image", in.ops[0])
	}
	if d := v.defs[in.ops[0]]; d.op != opLoad {
		return v.refuse(in, "a sampled image that is not loaded from a variable")
	}
	img := v.typeOf(si.ops[0])
	if !resOK || res.count != 4 || res.comp != img.ops[0] {
		return v.errf(in, "the result type is a %s, want a vector of 4 of the image's sampled type", v.typeName(in.typ))
	}
	dims := uint32(2)
	if img.ops[1] != 1 {
		dims = 3
	}
	c, err := v.valueNum(in, in.ops[1], "the coordinate")
	if err != nil || c.kind != 'f' || c.width != 32 || c.count < dims+img.ops[3] {
		return v.errf(in, "the coordinate is not a float vector of at least %d components", dims+img.ops[3])
	}
	rest := in.ops[2:]
	if len(rest) == 0 {
		if in.op == opImageSampleExplicitLod {
			return v.errf(in, "explicit-lod sampling without Lod or Grad")
		}
		return nil
	}
	mask, args := rest[0], rest[1:]
	floatScalar := func(id uint32) bool {
		n, err := v.valueNum(in, id, "the operand")
		return err == nil && n.kind == 'f' && n.width == 32 && n.count == 1
	}
	floatDims := func(id uint32) bool {
		n, err := v.valueNum(in, id, "the operand")
		return err == nil && n.kind == 'f' && n.width == 32 && n.count == dims
	}
	switch {
	case mask == 0 && in.op == opImageSampleImplicitLod && len(args) == 0:
	case mask == imageOperandBias && in.op == opImageSampleImplicitLod && len(args) == 1 && floatScalar(args[0]):
	case mask == imageOperandLod && in.op == opImageSampleExplicitLod && len(args) == 1 && floatScalar(args[0]):
	case mask == imageOperandGrad && in.op == opImageSampleExplicitLod && len(args) == 2 && floatDims(args[0]) && floatDims(args[1]):
	default:
		return v.refuse(in, "image operands %#x with %d operands", mask, len(args))
	}
	return nil
}

// GLSL.std.450 instructions the validator accepts.
var (
	glslFloatSame = map[uint32]int{ // operands of the result's float type
		1: 1, 2: 1, 3: 1, 4: 1, 6: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1,
		19: 1, 20: 1, 21: 1, 22: 1, 23: 1, 24: 1, 25: 2, 26: 2, 27: 1, 28: 1, 29: 1, 30: 1, 31: 1, 32: 1, 37: 2,
		40: 2, 43: 3, 46: 3, 48: 2, 49: 3, 50: 3, 69: 1, 70: 3, 71: 2, 79: 2, 80: 2, 81: 3,
	}
	glslIntSame = map[uint32]int{5: 1, 7: 1, 38: 2, 39: 2, 41: 2, 42: 2, 44: 3, 45: 3}
)

const (
	glslLength, glslDistance, glslCross, glslDeterminant, glslInverse, glslRefract = 66, 67, 68, 33, 34, 72
)

// extInst checks an OpExtInst of GLSL.std.450.
func (v *validator) extInst(in *inst, res num, resOK bool) error {
	if in.ops[0] != v.glsl || v.glsl == 0 {
		return v.errf(in, "%%%d is not the GLSL.std.450 import", in.ops[0])
	}
	e, args := in.ops[1], in.ops[2:]
	count := func(n int) error {
		if len(args) != n {
			return v.errf(in, "GLSL.std.450 instruction %d takes %d operands, has %d", e, n, len(args))
		}
		return nil
	}
	if n, ok := glslFloatSame[e]; ok {
		if err := count(n); err != nil {
			return err
		}
		if !resOK || res.kind != 'f' || res.width != 32 {
			return v.errf(in, "GLSL.std.450 instruction %d on a %s: want 32-bit floats", e, v.typeName(in.typ))
		}
		for _, a := range args {
			if err := v.same(in, a, in.typ, "the operand"); err != nil {
				return err
			}
		}
		return nil
	}
	if n, ok := glslIntSame[e]; ok {
		if err := count(n); err != nil {
			return err
		}
		if !resOK || res.kind != 'i' || res.width != 32 {
			return v.errf(in, "GLSL.std.450 instruction %d on a %s: want 32-bit integers", e, v.typeName(in.typ))
		}
		for _, a := range args {
			if err := v.sameShape(in, a, res, false); err != nil {
				return err
			}
		}
		return nil
	}
	switch e {
	case glslLength, glslDistance:
		if err := count(int(e - 65)); err != nil {
			return err
		}
		if !resOK || res.kind != 'f' || res.count != 1 || res.width != 32 {
			return v.errf(in, "the result is not a float")
		}
		for _, a := range args {
			n, err := v.valueNum(in, a, "the operand")
			if err != nil || n.comp != in.typ {
				return v.errf(in, "operand %%%d is not a float vector", a)
			}
			if err := v.same(in, a, v.typeOfValue(args[0]), "the operand"); err != nil {
				return err
			}
		}
	case glslCross:
		if err := count(2); err != nil {
			return err
		}
		if !resOK || res.kind != 'f' || res.count != 3 || res.width != 32 {
			return v.errf(in, "the result is not a vec3")
		}
		for _, a := range args {
			if err := v.same(in, a, in.typ, "the operand"); err != nil {
				return err
			}
		}
	case glslRefract:
		if err := count(3); err != nil {
			return err
		}
		if !resOK || res.kind != 'f' || res.width != 32 {
			return v.errf(in, "the result is not a float vector")
		}
		for _, a := range args[:2] {
			if err := v.same(in, a, in.typ, "the operand"); err != nil {
				return err
			}
		}
		if err := v.same(in, args[2], res.comp, "eta"); err != nil {
			return err
		}
	case glslDeterminant, glslInverse:
		if err := count(1); err != nil {
			return err
		}
		m := v.typeOf(v.typeOfValue(args[0]))
		if m == nil || m.op != opTypeMatrix {
			return v.errf(in, "the operand is not a matrix")
		}
		c, _ := v.numeric(m.ops[0])
		if c.count != m.ops[1] || c.width != 32 {
			return v.errf(in, "the matrix is not square")
		}
		if e == glslDeterminant && in.typ != c.comp || e == glslInverse && in.typ != m.res {
			return v.errf(in, "the result type is a %s", v.typeName(in.typ))
		}
	default:
		return v.refuse(in, "GLSL.std.450 instruction %d", e)
	}
	return nil
}

// capabilityNames names the capabilities a refusal most often meets.
var capabilityNames = map[uint32]string{
	capMatrix: "Matrix", capShader: "Shader", 2: "Geometry", 3: "Tessellation", 4: "Addresses",
	5: "Linkage", 6: "Kernel", 9: "Float16", capFloat64: "Float64", capInt64: "Int64", 21: "Int64Atomics",
	capInt16: "Int16", 39: "Int8", capClipDistance: "ClipDistance", capCullDistance: "CullDistance",
	37: "SampleRateShading", 43: "Sampled1D", 50: "ImageQuery", 51: "DerivativeControl",
}

// capabilityName names capability c ("Float64", or its number).
func capabilityName(c uint32) string {
	if n, ok := capabilityNames[c]; ok {
		return n
	}
	return "#" + itoa(int(c))
}
