// Package spirv reflects SPIR-V shader modules in pure Go: entry points,
// vertex inputs and outputs, uniform blocks with their std140 member
// offsets and strides, and sampled textures. It reads what a GLSL 450
// shader compiled by glslc without -O declares (with -O the optimizer
// strips the names that effects find their parameters by).
//
// Names follow spirv-cross's reflection: an unnamed object is called
// "_" followed by its result id, and a uniform block is named by its block
// type (the name in "uniform Effect { ... } u;" is Effect).
package spirv

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Magic is the first word of every SPIR-V module.
const Magic uint32 = 0x07230203

// Stage is a shader stage (an entry point's execution model).
type Stage uint8

// Shader stages.
const (
	StageVertex Stage = iota + 1
	StageTessControl
	StageTessEvaluation
	StageGeometry
	StageFragment
	StageCompute
)

var stageNames = [...]string{"", "vert", "tesc", "tese", "geom", "frag", "comp"}

// String returns spirv-cross's short name of the stage ("vert", "frag").
func (s Stage) String() string {
	if int(s) < len(stageNames) && s != 0 {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", uint8(s))
}

// Kind is the basic kind of a type.
type Kind uint8

// Type kinds.
const (
	KindFloat Kind = iota + 1
	KindInt
	KindUint
	KindBool
	KindStruct
	KindSampledImage
	KindImage
	KindSampler
	KindOther
)

// Type is a reflected type: a scalar, vector or matrix of Kind, a struct,
// or an image, each possibly an array.
type Type struct {
	Kind Kind
	// ID is the SPIR-V result id of the type (without its array
	// dimensions).
	ID uint32
	// Name is the struct's name (empty when the module has none).
	Name string
	// Rows is the vector size (1 for a scalar); Columns the matrix
	// column count (1 for a vector or scalar).
	Rows, Columns int
	// Width is a scalar's width in bits (32 for float and int).
	Width int
	// Array holds the array dimensions, outermost first; nil for none.
	// A runtime array has a 0.
	Array []int
	// ArrayStride is the array's stride in bytes, MatrixStride a matrix's
	// column stride (0 where the module declares none).
	ArrayStride, MatrixStride int
	// Members are a struct's members.
	Members []Member
	// Dim is an image's dimensionality (0 1D, 1 2D, 2 3D, 3 cube) and
	// Arrayed, Depth and MS its other properties.
	Dim                  int
	Arrayed, Depth, MS   bool
	runtime, specialized bool
}

// Member is a struct member.
type Member struct {
	Name   string
	Type   Type
	Offset int
	// RowMajor is true for a matrix member laid out row by row.
	RowMajor bool
	builtin  bool
}

// String returns the type as spirv-cross names it: float, vec3, ivec2,
// uvec4, bool, mat4, mat2x3, sampler2D, or "_" and the id of a struct.
// Array dimensions are not part of it.
func (t Type) String() string {
	switch t.Kind {
	case KindStruct:
		return fmt.Sprintf("_%d", t.ID)
	case KindSampledImage, KindImage:
		s := "sampler"
		if t.Kind == KindImage {
			s = "texture"
		}
		s += [...]string{"1D", "2D", "3D", "Cube", "2DRect", "Buffer", "SubpassInput"}[min(t.Dim, 6)]
		if t.MS {
			s += "MS"
		}
		if t.Arrayed {
			s += "Array"
		}
		if t.Depth && t.Kind == KindSampledImage {
			s += "Shadow"
		}
		return s
	case KindSampler:
		return "sampler"
	}
	prefix := map[Kind]string{KindFloat: "", KindInt: "i", KindUint: "u", KindBool: "b"}[t.Kind]
	if t.Kind == KindFloat && t.Width == 64 {
		prefix = "d"
	}
	switch {
	case t.Columns > 1 && t.Columns == t.Rows:
		return fmt.Sprintf("%smat%d", prefix, t.Columns)
	case t.Columns > 1:
		return fmt.Sprintf("%smat%dx%d", prefix, t.Columns, t.Rows)
	case t.Rows > 1:
		return fmt.Sprintf("%svec%d", prefix, t.Rows)
	}
	return map[Kind]string{KindFloat: "float", KindInt: "int", KindUint: "uint", KindBool: "bool"}[t.Kind]
}

// Size returns the bytes the type occupies in a std140 or std430 block
// by the module's own offsets and strides: a scalar or vector its
// components, a matrix its columns times the matrix stride, an array its
// length times its stride, a struct up to the end of its last member
// (spirv-cross's declared size).
func (t Type) Size() int {
	if len(t.Array) > 0 {
		// The stride covers every inner dimension: the outermost length
		// times the stride is the size.
		return t.Array[0] * t.ArrayStride
	}
	return t.elemSize()
}

// elemSize is Size without the array dimensions.
func (t Type) elemSize() int {
	switch t.Kind {
	case KindStruct:
		if len(t.Members) == 0 {
			return 0
		}
		last := t.Members[len(t.Members)-1]
		end := 0
		for _, m := range t.Members { // the member with the largest offset ends the struct
			if m.Offset >= end {
				end, last = m.Offset, m
			}
		}
		return last.Offset + last.Type.Size()
	case KindFloat, KindInt, KindUint, KindBool:
		w := max(t.Width, 32) / 8
		if t.Columns > 1 {
			stride := t.MatrixStride
			if stride == 0 {
				stride = t.Rows * w
			}
			return t.Columns * stride
		}
		return t.Rows * w
	}
	return 0
}

// Variable is a shader input or output.
type Variable struct {
	Name     string
	Type     Type
	Location int
	// ID is the variable's result id.
	ID uint32
}

// Block is a uniform block.
type Block struct {
	// Name is the block type's name (Effect in "uniform Effect {...} u").
	Name string
	// Instance is the variable's name (u), empty for an anonymous one.
	Instance     string
	Set, Binding int
	// Size is the block's declared size in bytes (to the end of its last
	// member).
	Size int
	Type Type
}

// Resource is a sampled texture or another descriptor.
type Resource struct {
	Name         string
	Type         Type
	Set, Binding int
}

// EntryPoint is one of a module's entry points.
type EntryPoint struct {
	Name  string
	Stage Stage
}

// Module is what Reflect finds in a SPIR-V module.
type Module struct {
	EntryPoints []EntryPoint
	// Inputs and Outputs are the Input and Output variables that are not
	// built-ins (gl_Position, gl_FragCoord, ...), in id order.
	Inputs, Outputs []Variable
	// UniformBlocks are the Uniform-class blocks (GLSL uniform blocks).
	UniformBlocks []Block
	// StorageBlocks are buffer blocks (GLSL buffer), PushConstants the
	// push_constant blocks.
	StorageBlocks, PushConstants []Block
	// Textures are combined image samplers (GLSL sampler2D and kin);
	// SeparateImages and SeparateSamplers the separate kinds.
	Textures, SeparateImages, SeparateSamplers []Resource
}

// HasEntryPoint reports whether the module has an entry point of stage s
// named name.
func (m *Module) HasEntryPoint(name string, s Stage) bool {
	for _, e := range m.EntryPoints {
		if e.Name == name && e.Stage == s {
			return true
		}
	}
	return false
}

// Errors Reflect wraps; test with errors.Is.
var (
	// ErrInvalid: the bytes are not a well-formed SPIR-V module.
	ErrInvalid = errors.New("spirv: invalid module")
)

// SPIR-V opcodes, decorations and storage classes Reflect reads.
const (
	opName              = 5
	opMemberName        = 6
	opEntryPoint        = 15
	opTypeVoid          = 19
	opTypeBool          = 20
	opTypeInt           = 21
	opTypeFloat         = 22
	opTypeVector        = 23
	opTypeMatrix        = 24
	opTypeImage         = 25
	opTypeSampler       = 26
	opTypeSampledImage  = 27
	opTypeArray         = 28
	opTypeRuntimeArray  = 29
	opTypeStruct        = 30
	opTypePointer       = 32
	opConstant          = 43
	opSpecConstant      = 50
	opVariable          = 59
	opDecorate          = 71
	opMemberDecorate    = 72
	decBlock            = 2
	decBufferBlock      = 3
	decRowMajor         = 4
	decArrayStride      = 6
	decMatrixStride     = 7
	decBuiltIn          = 11
	decLocation         = 30
	decBinding          = 33
	decDescriptorSet    = 34
	decOffset           = 35
	scUniformConstant   = 0
	scInput             = 1
	scUniform           = 2
	scOutput            = 3
	scPushConstant      = 9
	scStorageBuffer     = 12
	maxTypeDepth        = 32
	execModelCount      = 6
	spirvHeaderWords    = 5
	maxReasonableLength = 1 << 24
)

// raw is a type instruction's operands, resolved lazily.
type raw struct {
	op  uint16
	ops []uint32
}

type decorations struct {
	block, bufferBlock, builtin     bool
	location, binding, set, stride  int
	hasLocation, hasBinding, hasSet bool
	memberOffset, memberMStride     map[uint32]int
	memberRowMajor, memberBuiltin   map[uint32]bool
	memberNames                     map[uint32]string
	name                            string
	hasName                         bool
	constant                        uint32
	isConstant, isSpec              bool
	variableType, storage           uint32
	isVariable                      bool
}

// Words checks that b is a little-endian SPIR-V module (a whole number of
// 32-bit words, at least a header, the magic number first) and returns
// its words.
func Words(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("spirv: length %d bytes is not a multiple of 4: %w", len(b), ErrInvalid)
	}
	if len(b) < 4*spirvHeaderWords {
		return nil, fmt.Errorf("spirv: %d bytes is shorter than the header: %w", len(b), ErrInvalid)
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	if w[0] != Magic {
		return nil, fmt.Errorf("spirv: magic number %#08x, want %#08x (is this SPIR-V?): %w", w[0], Magic, ErrInvalid)
	}
	return w, nil
}

// ReflectBytes is Reflect of the module in b (little-endian bytes, as
// glslc writes them).
func ReflectBytes(b []byte) (*Module, error) {
	w, err := Words(b)
	if err != nil {
		return nil, err
	}
	return Reflect(w)
}

// Reflect reads the module's entry points, interface variables, uniform
// blocks and textures. A malformed module (a truncated instruction, an id
// out of the bound, a type that refers to itself) is an error wrapping
// ErrInvalid.
func Reflect(words []uint32) (*Module, error) {
	if len(words) < spirvHeaderWords || words[0] != Magic {
		return nil, fmt.Errorf("spirv: no SPIR-V header: %w", ErrInvalid)
	}
	bound := words[3]
	if bound == 0 || bound > 1<<22 {
		return nil, fmt.Errorf("spirv: id bound %d: %w", bound, ErrInvalid)
	}
	r := &reader{
		bound: bound,
		types: map[uint32]raw{},
		info:  map[uint32]*decorations{},
	}
	m := &Module{}
	var vars []uint32
	for i := spirvHeaderWords; i < len(words); {
		n := int(words[i] >> 16)
		op := uint16(words[i])
		if n == 0 || i+n > len(words) {
			return nil, fmt.Errorf("spirv: instruction at word %d (opcode %d) has length %d past the end: %w", i, op, n, ErrInvalid)
		}
		ops := words[i+1 : i+n]
		i += n
		if err := r.checkIDs(op, ops); err != nil {
			return nil, err
		}
		switch op {
		case opName:
			if len(ops) < 1 {
				return nil, r.short(op)
			}
			d := r.dec(ops[0])
			d.name, d.hasName = str(ops[1:]), true
		case opMemberName:
			if len(ops) < 2 {
				return nil, r.short(op)
			}
			d := r.dec(ops[0])
			if d.memberNames == nil {
				d.memberNames = map[uint32]string{}
			}
			d.memberNames[ops[1]] = str(ops[2:])
		case opEntryPoint:
			if len(ops) < 2 {
				return nil, r.short(op)
			}
			if ops[0] < execModelCount {
				m.EntryPoints = append(m.EntryPoints, EntryPoint{Name: str(ops[2:]), Stage: Stage(ops[0] + 1)})
			}
		case opDecorate:
			if len(ops) < 2 {
				return nil, r.short(op)
			}
			d := r.dec(ops[0])
			arg := func() int {
				if len(ops) > 2 {
					return int(ops[2])
				}
				return 0
			}
			switch ops[1] {
			case decBlock:
				d.block = true
			case decBufferBlock:
				d.bufferBlock = true
			case decBuiltIn:
				d.builtin = true
			case decLocation:
				d.location, d.hasLocation = arg(), true
			case decBinding:
				d.binding, d.hasBinding = arg(), true
			case decDescriptorSet:
				d.set, d.hasSet = arg(), true
			case decArrayStride:
				d.stride = arg()
			}
		case opMemberDecorate:
			if len(ops) < 3 {
				return nil, r.short(op)
			}
			d := r.dec(ops[0])
			mem := ops[1]
			arg := 0
			if len(ops) > 3 {
				arg = int(ops[3])
			}
			switch ops[2] {
			case decOffset:
				if d.memberOffset == nil {
					d.memberOffset = map[uint32]int{}
				}
				d.memberOffset[mem] = arg
			case decMatrixStride:
				if d.memberMStride == nil {
					d.memberMStride = map[uint32]int{}
				}
				d.memberMStride[mem] = arg
			case decRowMajor:
				if d.memberRowMajor == nil {
					d.memberRowMajor = map[uint32]bool{}
				}
				d.memberRowMajor[mem] = true
			case decBuiltIn:
				if d.memberBuiltin == nil {
					d.memberBuiltin = map[uint32]bool{}
				}
				d.memberBuiltin[mem] = true
			}
		case opTypeVoid, opTypeBool, opTypeInt, opTypeFloat, opTypeVector, opTypeMatrix, opTypeImage,
			opTypeSampler, opTypeSampledImage, opTypeArray, opTypeRuntimeArray, opTypeStruct, opTypePointer:
			if len(ops) < 1 {
				return nil, r.short(op)
			}
			r.types[ops[0]] = raw{op: op, ops: ops[1:]}
		case opConstant, opSpecConstant:
			if len(ops) < 3 {
				return nil, r.short(op)
			}
			d := r.dec(ops[1])
			d.constant, d.isConstant, d.isSpec = ops[2], true, op == opSpecConstant
		case opVariable:
			if len(ops) < 3 {
				return nil, r.short(op)
			}
			d := r.dec(ops[1])
			d.variableType, d.storage, d.isVariable = ops[0], ops[2], true
			vars = append(vars, ops[1])
		}
	}
	for _, id := range vars {
		if err := r.variable(m, id); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// reader resolves ids while Reflect walks the module.
type reader struct {
	bound uint32
	types map[uint32]raw
	info  map[uint32]*decorations
}

func (r *reader) dec(id uint32) *decorations {
	d := r.info[id]
	if d == nil {
		d = &decorations{}
		r.info[id] = d
	}
	return d
}

func (r *reader) short(op uint16) error {
	return fmt.Errorf("spirv: opcode %d has too few operands: %w", op, ErrInvalid)
}

// checkIDs checks the result or target id of the instructions Reflect
// keeps against the module's id bound.
func (r *reader) checkIDs(op uint16, ops []uint32) error {
	var id uint32
	switch op {
	case opName, opMemberName, opDecorate, opMemberDecorate, opTypeVoid, opTypeBool, opTypeInt, opTypeFloat,
		opTypeVector, opTypeMatrix, opTypeImage, opTypeSampler, opTypeSampledImage, opTypeArray,
		opTypeRuntimeArray, opTypeStruct, opTypePointer:
		if len(ops) > 0 {
			id = ops[0]
		}
	case opConstant, opSpecConstant, opVariable:
		if len(ops) > 1 {
			id = ops[1]
		}
	default:
		return nil
	}
	if id >= r.bound {
		return fmt.Errorf("spirv: id %d of opcode %d is not below the bound %d: %w", id, op, r.bound, ErrInvalid)
	}
	return nil
}

// name returns id's name, or spirv-cross's "_<id>" when it has none.
func (r *reader) name(id uint32) string {
	if d := r.info[id]; d != nil && d.hasName && d.name != "" {
		return d.name
	}
	return fmt.Sprintf("_%d", id)
}

// variable adds variable id to m by its storage class.
func (r *reader) variable(m *Module, id uint32) error {
	d := r.info[id]
	ptr, ok := r.types[d.variableType]
	if !ok || ptr.op != opTypePointer || len(ptr.ops) < 2 {
		return fmt.Errorf("spirv: variable %s has no pointer type: %w", r.name(id), ErrInvalid)
	}
	t, err := r.typ(ptr.ops[1], 0)
	if err != nil {
		return fmt.Errorf("spirv: variable %s: %w", r.name(id), err)
	}
	td := r.info[t.ID]
	switch d.storage {
	case scInput, scOutput:
		if d.builtin || (t.Kind == KindStruct && td != nil && len(td.memberBuiltin) > 0) {
			return nil
		}
		v := Variable{Name: r.name(id), Type: t, Location: d.location, ID: id}
		if d.storage == scInput {
			m.Inputs = append(m.Inputs, v)
		} else {
			m.Outputs = append(m.Outputs, v)
		}
	case scUniform, scStorageBuffer, scPushConstant:
		if t.Kind != KindStruct {
			return nil
		}
		b := Block{Name: r.name(t.ID), Set: d.set, Binding: d.binding, Size: t.elemSize(), Type: t}
		if d.hasName {
			b.Instance = d.name
		}
		if td == nil || !td.hasName || td.name == "" { // spirv-cross's name of an anonymous block
			b.Name = fmt.Sprintf("_%d_%d", t.ID, id)
		}
		switch {
		case d.storage == scPushConstant:
			b.Name = r.name(id)
			m.PushConstants = append(m.PushConstants, b)
		case d.storage == scStorageBuffer || (td != nil && td.bufferBlock):
			m.StorageBlocks = append(m.StorageBlocks, b)
		default:
			m.UniformBlocks = append(m.UniformBlocks, b)
		}
	case scUniformConstant:
		res := Resource{Name: r.name(id), Type: t, Set: d.set, Binding: d.binding}
		switch t.Kind {
		case KindSampledImage:
			m.Textures = append(m.Textures, res)
		case KindImage:
			m.SeparateImages = append(m.SeparateImages, res)
		case KindSampler:
			m.SeparateSamplers = append(m.SeparateSamplers, res)
		}
	}
	return nil
}

// typ resolves type id; depth guards against cycles.
func (r *reader) typ(id uint32, depth int) (Type, error) {
	if depth > maxTypeDepth {
		return Type{}, fmt.Errorf("type %d nests deeper than %d: %w", id, maxTypeDepth, ErrInvalid)
	}
	rt, ok := r.types[id]
	if !ok {
		return Type{}, fmt.Errorf("type %d is not declared: %w", id, ErrInvalid)
	}
	need := func(n int) error {
		if len(rt.ops) < n {
			return fmt.Errorf("type %d (opcode %d) has too few operands: %w", id, rt.op, ErrInvalid)
		}
		return nil
	}
	t := Type{ID: id, Rows: 1, Columns: 1}
	switch rt.op {
	case opTypeBool:
		t.Kind, t.Width = KindBool, 32
	case opTypeInt:
		if err := need(2); err != nil {
			return t, err
		}
		t.Kind, t.Width = KindUint, int(rt.ops[0])
		if rt.ops[1] != 0 {
			t.Kind = KindInt
		}
	case opTypeFloat:
		if err := need(1); err != nil {
			return t, err
		}
		t.Kind, t.Width = KindFloat, int(rt.ops[0])
	case opTypeVector:
		if err := need(2); err != nil {
			return t, err
		}
		c, err := r.typ(rt.ops[0], depth+1)
		if err != nil {
			return t, err
		}
		t.Kind, t.Width, t.Rows = c.Kind, c.Width, int(rt.ops[1])
	case opTypeMatrix:
		if err := need(2); err != nil {
			return t, err
		}
		c, err := r.typ(rt.ops[0], depth+1)
		if err != nil {
			return t, err
		}
		t.Kind, t.Width, t.Rows, t.Columns = c.Kind, c.Width, c.Rows, int(rt.ops[1])
	case opTypeImage:
		if err := need(7); err != nil {
			return t, err
		}
		t.Kind, t.Dim = KindImage, int(rt.ops[1])
		t.Depth, t.Arrayed, t.MS = rt.ops[2] == 1, rt.ops[3] == 1, rt.ops[4] == 1
	case opTypeSampler:
		t.Kind = KindSampler
	case opTypeSampledImage:
		if err := need(1); err != nil {
			return t, err
		}
		img, err := r.typ(rt.ops[0], depth+1)
		if err != nil {
			return t, err
		}
		img.Kind, img.ID = KindSampledImage, id
		return img, nil
	case opTypeArray, opTypeRuntimeArray:
		if err := need(1); err != nil {
			return t, err
		}
		e, err := r.typ(rt.ops[0], depth+1)
		if err != nil {
			return t, err
		}
		n := 0
		if rt.op == opTypeArray {
			if err := need(2); err != nil {
				return t, err
			}
			c := r.info[rt.ops[1]]
			if c == nil || !c.isConstant {
				return t, fmt.Errorf("array type %d: its length %d is not a constant: %w", id, rt.ops[1], ErrInvalid)
			}
			if c.constant > maxReasonableLength {
				return t, fmt.Errorf("array type %d: length %d: %w", id, c.constant, ErrInvalid)
			}
			n = int(c.constant)
			e.specialized = e.specialized || c.isSpec
		} else {
			e.runtime = true
		}
		e.Array = append([]int{n}, e.Array...)
		if d := r.info[id]; d != nil {
			e.ArrayStride = d.stride
		}
		return e, nil
	case opTypeStruct:
		t.Kind = KindStruct
		d := r.info[id]
		if d != nil && d.hasName {
			t.Name = d.name
		}
		for i, mid := range rt.ops {
			mt, err := r.typ(mid, depth+1)
			if err != nil {
				return t, err
			}
			mem := Member{Type: mt, Name: fmt.Sprintf("_m%d", i)}
			if d != nil {
				k := uint32(i)
				if n, ok := d.memberNames[k]; ok && n != "" {
					mem.Name = n
				}
				mem.Offset = d.memberOffset[k]
				if s, ok := d.memberMStride[k]; ok {
					mem.Type.MatrixStride = s
				}
				mem.RowMajor = d.memberRowMajor[k]
				mem.builtin = d.memberBuiltin[k]
			}
			t.Members = append(t.Members, mem)
		}
	case opTypePointer:
		if err := need(2); err != nil {
			return t, err
		}
		return r.typ(rt.ops[1], depth+1)
	default:
		t.Kind = KindOther
	}
	return t, nil
}

// str decodes a SPIR-V literal string (UTF-8, nul-terminated, packed
// little-endian into words).
func str(w []uint32) string {
	b := make([]byte, 0, 4*len(w))
	for _, x := range w {
		for k := range 4 {
			c := byte(x >> (8 * k))
			if c == 0 {
				return string(b)
			}
			b = append(b, c)
		}
	}
	return string(b)
}
