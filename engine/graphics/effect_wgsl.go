package graphics

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gogpu/naga"
	"github.com/gogpu/naga/ir"
	nagaspirv "github.com/gogpu/naga/spirv"

	"github.com/metronome-engine/metronome/engine/graphics/spirv"
	"github.com/metronome-engine/metronome/shaders"
)

// NewEffectWGSL makes an Effect from WGSL source, compiled in-process to
// SPIR-V with github.com/gogpu/naga: no toolchain, the shader may be a Go
// string. The result is the same Effect NewEffect and NewSpriteEffect
// make: parameters by name (the uniform struct's members, named and
// placed by WGSL's layout rules as naga lays them out), Apply, SpriteBatch
// use. A syntax error names its line and column; an error naga finds
// while lowering (an unknown name, a missing member) names the line and
// column of the function it is in. naga's type checks are incomplete: a
// mismatch it lets through is refused by the SPIR-V validation that every
// effect passes, naming the instruction rather than the line.
//
// What the module may declare:
//
//   - one @vertex and one @fragment entry point (any names), or a
//     @fragment entry point alone: a sprite effect for SpriteBatch, as
//     NewSpriteEffect makes, whose fragment entry point reads the sprite's
//     colour as @location(0) vec4<f32> and its texture coordinate as
//     @location(1) vec2<f32>;
//   - one var<uniform> at @group(0) @binding(0) (a struct: its members
//     are the parameters, "Light.Color" for a nested struct's member,
//     "Lights[1].Color" for an array of structs' element);
//   - one texture_2d<f32> (or texture_cube<f32>) at @group(1) @binding(0)
//     and one sampler at @group(1) @binding(1), in the fragment entry
//     point: the texture is a Texture2D (TextureCube) parameter named as
//     the variable; in a SpriteBatch the sprite's texture (the engine
//     binds the pair as one combined image sampler);
//   - vertex inputs (arguments or struct members with @location) named
//     as for NewEffect: Position, Color, TexCoord, Normal, with the usage
//     index after the name when not 0.
func NewEffectWGSL(dev *Device, src string) (*Effect, error) {
	const op = "graphics: new effect (WGSL)"
	if dev == nil {
		return nil, fmt.Errorf("%s: the device is nil: %w", op, ErrInvalid)
	}
	c, err := compileWGSL(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	vert := c.vertex
	if c.sprite {
		vert = shaders.SpriteEffectVertex()
	}
	e, err := newEffect(dev, vert, c.fragment, c.sprite)
	if err != nil {
		return nil, err
	}
	if err := e.wgslParameters(c); err != nil {
		e.Dispose()
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return e, nil
}

// wgslCompiled is a WGSL module compiled per entry point.
type wgslCompiled struct {
	vertex, fragment []byte     // SPIR-V, one entry point named main each
	sprite           bool       // no vertex entry point
	block            *ir.Type   // the uniform struct, nil for none
	params           spirv.Type // block as the reflection's Type
	blockUsed        bool       // an entry point reads the uniform
	texture          string     // the texture variable's name
}

// compileWGSL parses src, checks its entry points and compiles each to a
// SPIR-V module of its own whose entry point is main (what EffectDesc
// promises the backend), with the texture and sampler combined.
func compileWGSL(src string) (*wgslCompiled, error) {
	m, err := lowerWGSL(src)
	if err != nil {
		return nil, err
	}
	var c wgslCompiled
	vi, fi := -1, -1
	for i, ep := range m.EntryPoints {
		switch ep.Stage {
		case ir.StageVertex:
			if vi >= 0 {
				return nil, fmt.Errorf("two @vertex entry points, %s and %s: an effect has one: %w", m.EntryPoints[vi].Name, ep.Name, ErrEffect)
			}
			vi = i
		case ir.StageFragment:
			if fi >= 0 {
				return nil, fmt.Errorf("two @fragment entry points, %s and %s: an effect has one: %w", m.EntryPoints[fi].Name, ep.Name, ErrEffect)
			}
			fi = i
		default:
			return nil, fmt.Errorf("entry point %s is not @vertex or @fragment: effects have those two stages only: %w", ep.Name, ErrEffect)
		}
	}
	if fi < 0 {
		return nil, fmt.Errorf("no @fragment entry point: declare one (with a @vertex one, or alone for a sprite effect): %w", ErrEffect)
	}
	c.sprite = vi < 0
	for _, g := range m.GlobalVariables {
		if g.Space == ir.SpaceUniform {
			if c.block != nil {
				return nil, fmt.Errorf("two var<uniform> (%s and another): put every parameter in one struct at @group(0) @binding(0): %w", g.Name, ErrEffect)
			}
			c.block = &m.Types[g.Type]
		}
		if _, ok := m.Types[g.Type].Inner.(ir.ImageType); ok && g.Space == ir.SpaceHandle {
			c.texture = g.Name
		}
	}
	if c.block != nil {
		// The parameters' table, checked before naga's SPIR-V (which the
		// device's validation would refuse with a less useful message).
		st, ok := c.block.Inner.(ir.StructType)
		if !ok {
			return nil, fmt.Errorf("the var<uniform> is a %s, not a struct: declare a struct whose members are the parameters: %w", wgslTypeName(m, c.block), ErrEffect)
		}
		if c.params, err = irStruct(m, st, ""); err != nil {
			return nil, err
		}
	}
	var used bool
	if c.fragment, used, err = compileStage(src, fi); err != nil {
		return nil, err
	}
	c.blockUsed = used
	if vi >= 0 {
		if c.vertex, used, err = compileStage(src, vi); err != nil {
			return nil, err
		}
		c.blockUsed = c.blockUsed || used
	}
	return &c, nil
}

// nagaPanic turns a panic inside naga (a compiler bug some source
// triggers) into an error for the game, as bad input must be.
func nagaPanic(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("the WGSL compiler (naga) failed on this source: %v: %w", p, ErrEffect)
	}
}

// lowerWGSL parses and lowers src to naga's IR and validates it.
func lowerWGSL(src string) (m *ir.Module, err error) {
	defer nagaPanic(&err)
	ast, err := naga.Parse(src)
	if err != nil {
		return nil, wgslError(err)
	}
	m, err = naga.LowerWithSource(ast, src)
	if err != nil {
		return nil, wgslError(err)
	}
	verrs, err := naga.Validate(m)
	if err != nil {
		return nil, wgslError(err)
	}
	if len(verrs) > 0 {
		return nil, wgslError(&verrs[0])
	}
	return m, nil
}

// compileStage compiles the entry point at index ep of src alone: a fresh
// IR (naga's compaction rewrites it in place), the other entry point and
// what only it uses removed, so each stage's module declares only the
// resources it uses. usesBlock reports whether it reads the uniform.
func compileStage(src string, ep int) (spv []byte, usesBlock bool, err error) {
	m, err := lowerWGSL(src)
	if err != nil {
		return nil, false, err
	}
	e := m.EntryPoints[ep]
	e.Name = "main"
	m.EntryPoints = []ir.EntryPoint{e}
	if err := compact(m); err != nil {
		return nil, false, err
	}
	for _, g := range m.GlobalVariables {
		usesBlock = usesBlock || g.Space == ir.SpaceUniform
	}
	b, err := generateSPIRV(m)
	if err != nil {
		return nil, false, fmt.Errorf("compiling the %s entry point to SPIR-V: %w: %w", stageName(e.Stage), err, ErrEffect)
	}
	w, err := spirv.Words(b)
	if err != nil {
		return nil, false, fmt.Errorf("naga's SPIR-V for the %s entry point: %w: %w", stageName(e.Stage), err, ErrEffect)
	}
	if w, err = combineImageSampler(w); err != nil {
		return nil, false, fmt.Errorf("the %s entry point: %w", stageName(e.Stage), err)
	}
	return wordBytes(w), usesBlock, nil
}

// compact drops what m's one entry point does not use.
func compact(m *ir.Module) (err error) {
	defer nagaPanic(&err)
	ir.CompactUnused(m)
	return nil
}

// generateSPIRV emits m as SPIR-V 1.0 (Vulkan 1.0's). Debug keeps naga's
// names of the entry point's inputs and outputs, by which the engine's
// reflection names the vertex inputs.
func generateSPIRV(m *ir.Module) (b []byte, err error) {
	defer nagaPanic(&err)
	return naga.GenerateSPIRV(m, nagaspirv.Options{Version: nagaspirv.Version1_0, Debug: true})
}

func stageName(s ir.ShaderStage) string {
	if s == ir.StageVertex {
		return "@vertex"
	}
	return "@fragment"
}

// wordBytes returns w as little-endian bytes.
func wordBytes(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, x := range w {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
	}
	return b
}

// wgslError rewrites naga's error positions ("2:1: ..." from lowering)
// as "line 2, column 1: ..." (the parser's own form), wrapped in
// ErrEffect.
func wgslError(err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "parse error: ")
	if l, rest, ok := strings.Cut(msg, ":"); ok {
		if c, rest2, ok := strings.Cut(rest, ":"); ok {
			if _, e1 := strconv.Atoi(l); e1 == nil {
				if _, e2 := strconv.Atoi(c); e2 == nil {
					msg = "line " + l + ", column " + c + ":" + rest2
				}
			}
		}
	}
	if !strings.Contains(msg, "line ") {
		var ve *ir.ValidationError
		if errors.As(err, &ve) {
			msg = "invalid module: " + msg
		}
	}
	return fmt.Errorf("%s: %w", msg, ErrEffect)
}

// wgslParameters replaces the parameters the SPIR-V reflection found
// with those of naga's IR, the source of the WGSL names, types and
// offsets (naga's SPIR-V names neither its globals nor, through the
// struct it wraps a uniform in, the parameters), after checking that the
// two agree on the block's size.
func (e *Effect) wgslParameters(c *wgslCompiled) error {
	if p := e.Parameters[e.texName]; e.hasTex && p != nil && c.texture != "" {
		delete(e.Parameters, e.texName)
		p.Name, e.texName = c.texture, c.texture
		e.Parameters[p.Name] = p
	}
	if c.block == nil || !c.blockUsed {
		// No entry point reads the uniform: naga drops it, as glslc drops
		// an unused block; the effect has no parameters from it.
		return nil
	}
	t := c.params
	if size := t.Size(); (size+15)&^15 != len(e.block) {
		return fmt.Errorf("the uniform struct is %d bytes by naga's IR, %d by its SPIR-V: %w", size, len(e.block), ErrEffect)
	}
	for name := range e.Parameters {
		if !e.hasTex || name != e.texName {
			delete(e.Parameters, name)
		}
	}
	return e.addParameters("", t, 0)
}

// irStruct converts an IR struct to the reflection's Type, which
// addParameters reads.
func irStruct(m *ir.Module, st ir.StructType, at string) (spirv.Type, error) {
	t := spirv.Type{Kind: spirv.KindStruct}
	for _, mem := range st.Members {
		mt, err := irType(m, mem.Type, at+mem.Name)
		if err != nil {
			return t, err
		}
		t.Members = append(t.Members, spirv.Member{Name: mem.Name, Type: mt, Offset: int(mem.Offset)})
	}
	return t, nil
}

// irType converts an IR type (a member of the uniform struct) to the
// reflection's Type.
func irType(m *ir.Module, h ir.TypeHandle, name string) (spirv.Type, error) {
	if int(h) >= len(m.Types) {
		return spirv.Type{}, fmt.Errorf("parameter %s: no type %d in the module: %w", name, h, ErrEffect)
	}
	scalar := func(s ir.ScalarType) (spirv.Type, error) {
		t := spirv.Type{Width: 8 * int(s.Width), Rows: 1, Columns: 1}
		switch s.Kind {
		case ir.ScalarFloat:
			t.Kind = spirv.KindFloat
		case ir.ScalarSint:
			t.Kind = spirv.KindInt
		case ir.ScalarUint:
			t.Kind = spirv.KindUint
		case ir.ScalarBool:
			t.Kind = spirv.KindBool
		default:
			return t, fmt.Errorf("parameter %s has an abstract type: give it a concrete one: %w", name, ErrEffect)
		}
		return t, nil
	}
	switch x := m.Types[h].Inner.(type) {
	case ir.ScalarType:
		return scalar(x)
	case ir.VectorType:
		t, err := scalar(x.Scalar)
		t.Rows = int(x.Size)
		return t, err
	case ir.MatrixType:
		if x.Rows == ir.Vec2 {
			// WGSL puts the columns 8 bytes apart; Vulkan 1.0's uniform
			// blocks (std140) want 16, and the SPIR-V would be refused.
			return spirv.Type{}, fmt.Errorf("parameter %s is a mat%dx2<f32>, whose 8-byte columns a Vulkan uniform block cannot hold: declare it mat%dx4<f32> and use each column's .xy: %w",
				name, x.Columns, x.Columns, ErrEffect)
		}
		t, err := scalar(x.Scalar)
		t.Rows, t.Columns = int(x.Rows), int(x.Columns)
		t.MatrixStride = 4 * int(x.Scalar.Width) // vec3 and vec4 columns: 16 bytes
		return t, err
	case ir.ArrayType:
		if x.Size.Constant == nil {
			return spirv.Type{}, fmt.Errorf("parameter %s is a runtime-sized array: give it a length: %w", name, ErrEffect)
		}
		t, err := irType(m, x.Base, name+"[]")
		if err != nil {
			return t, err
		}
		t.Array = append([]int{int(*x.Size.Constant)}, t.Array...)
		t.ArrayStride = int(x.Stride)
		return t, nil
	case ir.StructType:
		t, err := irStruct(m, x, name+".")
		t.Name = m.Types[h].Name
		return t, err
	}
	return spirv.Type{}, fmt.Errorf("parameter %s has type %s, which effects do not support: %w", name, wgslTypeName(m, &m.Types[h]), ErrEffect)
}

// wgslTypeName names t as WGSL does where it can (f32, vec3<f32>,
// texture_2d), else by naga's type.
func wgslTypeName(m *ir.Module, t *ir.Type) string {
	if t.Name != "" {
		return t.Name
	}
	scalar := func(s ir.ScalarType) string {
		switch s.Kind {
		case ir.ScalarFloat:
			return "f" + strconv.Itoa(8*int(s.Width))
		case ir.ScalarSint:
			return "i" + strconv.Itoa(8*int(s.Width))
		case ir.ScalarUint:
			return "u" + strconv.Itoa(8*int(s.Width))
		case ir.ScalarBool:
			return "bool"
		}
		return "abstract number"
	}
	switch x := t.Inner.(type) {
	case ir.ScalarType:
		return scalar(x)
	case ir.VectorType:
		return fmt.Sprintf("vec%d<%s>", x.Size, scalar(x.Scalar))
	case ir.MatrixType:
		return fmt.Sprintf("mat%dx%d<%s>", x.Columns, x.Rows, scalar(x.Scalar))
	case ir.ArrayType:
		if int(x.Base) < len(m.Types) {
			return "array<" + wgslTypeName(m, &m.Types[x.Base]) + ">"
		}
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", t.Inner), "ir.")
}
