package graphics

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics/spirv"
	"github.com/metronome-engine/metronome/shaders"
)

// EffectID names an Effect on the backend. The device hands out IDs in
// creation order, starting at 1, and never reuses one; 0 in a
// PipelineKey means BasicEffect.
type EffectID uint32

// MaxEffectParameterBytes is the largest uniform block an Effect may
// declare, in bytes (64 vec4s, or 16 mat4s).
const MaxEffectParameterBytes = 1024

// MaxEffectBlockBytes is the largest uniform block any effect binds: a
// game's Effect stays within MaxEffectParameterBytes, the engine's own
// SkinnedEffect (its bones) goes up to this, the uniform buffer range
// Vulkan guarantees (maxUniformBufferRange is at least 16384). A backend
// binds blocks larger than MaxEffectParameterBytes through a descriptor of
// this range.
const MaxEffectBlockBytes = 16384

// EffectBlockAlign is the alignment of each effect block in
// Frame.EffectData: the largest minUniformBufferOffsetAlignment Vulkan
// allows, so a backend binds a block at its offset as it is.
const EffectBlockAlign = 256

// EffectInput is one vertex shader input of an Effect: the shader
// location it is read at and the vertex element (usage and index) that
// feeds it.
type EffectInput struct {
	Location   int
	Usage      VertexElementUsage
	UsageIndex int
	// Name is the input's name in the shader.
	Name string
}

// EffectDesc is what a backend needs to run an Effect: its SPIR-V and
// vertex inputs. The device has reflected and checked both shaders: the
// uniform block (if any) is at set 0 binding 0, the texture (if any) a
// sampler2D, samplerCube or sampler3D at set 1 binding 0 of the fragment shader
// (texture slot 0), a second one (slot 1) at set 2 binding 0, both entry
// points are "main".
type EffectDesc struct {
	// Vertex and Fragment are the SPIR-V words of the shaders.
	Vertex, Fragment []uint32
	// TextureSlots is the number of texture slots the pipeline layout
	// has: 1, or 2 when the fragment shader samples a second texture (at
	// set 2, binding 0, fed by Draw.Texture2).
	TextureSlots int
	// Inputs are the vertex shader's inputs, in location order.
	Inputs []EffectInput
	// BlockSize is the uniform block's size in bytes (0 for none).
	BlockSize int
	// VertexOnlyBlock is set when the fragment shader declares no uniform
	// block: the backend may make the block visible to the vertex stage
	// alone (on a software rasterizer a block the fragment stage sees
	// costs a copy of the fragment state at every draw whose block
	// changes).
	VertexOnlyBlock bool
	// Outputs are the colour locations the fragment shader writes, bit i
	// for location i (bit 0 always set): in a pass with several targets
	// (Pass.MoreTargets) the backend leaves a target the shader does not
	// write unchanged.
	Outputs uint8
}

// EffectBackend is a Backend that can run Effects (renderer/vulkan's, and
// graphicstest's fake). NewEffect returns an error for a backend that is
// not one.
type EffectBackend interface {
	// CreateEffect makes the shaders of effect id. An error (a module the
	// driver rejects) is returned by NewEffect.
	CreateEffect(id EffectID, desc EffectDesc) error
}

// ErrEffect is wrapped by every error about a shader or an effect
// parameter: a shader that is not valid SPIR-V, a missing entry point, a
// resource the engine cannot bind, a vertex input no declaration element
// feeds, a parameter set with a value of the wrong type or size.
var ErrEffect = errors.New("graphics: effect")

// ErrBadShader is wrapped (with ErrEffect) by NewEffect's errors about
// shader bytes that fail validation (rule E7): not SPIR-V, malformed, a
// capability the device lacks, an instruction or type the validator does
// not accept, a fragment shader without a colour output at location 0. Such
// bytes never reach the driver.
var ErrBadShader = errors.New("graphics: bad shader")

// Effect is a game's own shader pair (XNA's Effect with one technique of
// one pass): a GLSL 450 vertex and fragment shader compiled to SPIR-V
// with glslc (without -O, which strips the names parameters are found
// by). Set its Parameters, then Apply: the draws that follow use the
// values as they were at Apply, as with BasicEffect.
//
// What the shaders may declare:
//
//   - one uniform block at set 0, binding 0 (in either shader or both,
//     then with the same members), at most MaxEffectParameterBytes; its
//     members are the Parameters, by name ("Time", "Light.Color",
//     "Weights" for an array);
//   - one sampler2D at set 1, binding 0, in the fragment shader: a
//     Texture2D parameter (texture slot 0); in a SpriteBatch, the
//     sprite's texture; or a samplerCube there, a TextureCube parameter,
//     or a sampler3D, a Texture3D parameter;
//   - a second texture, a sampler2D, samplerCube or sampler3D at set 2, binding 0,
//     in the fragment shader (texture slot 1, sampled with the device's
//     SamplerStateAt(1));
//   - vertex inputs named after the vertex element that feeds them, in
//     any case, with an optional "in", "a_" or "in_" prefix and the usage
//     index as a suffix: Position, Color, TexCoord (or
//     TextureCoordinate), Normal; TexCoord1 is usage TextureCoordinate,
//     index 1; BlendIndices and BlendWeight for skinning (integer
//     formats such as Byte4 arrive as floats). Only float inputs (float,
//     vec2..vec4) are read;
//   - its colours: a vec4 at location 0 and, for several render targets
//     (SetRenderTargets), more at locations 1 to 3, location i drawing
//     into the i-th target.
//
// An Effect made without a vertex shader (NewSpriteEffect) runs over
// sprites only: the batch transforms positions as its own effect does,
// and the fragment shader reads Color (location 0) and TexCoord
// (location 1).
type Effect struct {
	dev      *Device
	id       EffectID
	disposed bool
	sprite   bool // no vertex shader of the game's: SpriteBatch only

	// Parameters holds the effect's parameters by name (XNA's
	// Effect.Parameters["Name"]). A missing name gives a nil
	// *EffectParameter, whose setters record an error that the next
	// draw returns.
	Parameters EffectParameterCollection
	// Techniques are the effect's techniques: at first one, named
	// DefaultTechniqueName, of one pass running the shaders; AddTechnique
	// adds more. CurrentTechnique is the one a game draws with
	// (CurrentTechnique.Passes[i].Apply()); Apply is its first pass's.
	Techniques       EffectTechniqueCollection
	CurrentTechnique *EffectTechnique

	refs    *int   // effects sharing the shaders (Clone), nil for one
	block   []byte // the uniform block's current values, std140
	texture *Texture2D
	texName string
	hasTex  bool
	inputs  []EffectInput
	// applyErr, set by an engine effect wrapping this one at its Apply
	// (a SkinnedEffect's bad WeightsPerVertex), is reported by the draws.
	applyErr error
	more     effectTextures // cube textures and texture slot 1 (effect_slots.go)
}

// EffectParameterCollection is an Effect's parameters by name.
type EffectParameterCollection map[string]*EffectParameter

// EffectParameterClass says what shape a parameter is (XNA's
// EffectParameterClass).
type EffectParameterClass uint8

// Parameter classes.
const (
	ParameterScalar EffectParameterClass = iota + 1
	ParameterVector
	ParameterMatrix
	ParameterObject // a texture
	ParameterStruct
)

// EffectParameterType is a parameter's element type (XNA's
// EffectParameterType).
type EffectParameterType uint8

// Parameter types.
const (
	ParameterSingle EffectParameterType = iota + 1 // float
	ParameterInt32                                 // int
	ParameterUint32                                // uint
	ParameterBool                                  // bool (4 bytes in the block)
	ParameterTexture2D
	ParameterTextureCube
	ParameterTexture3D
)

// EffectParameter is one parameter of an Effect: a uniform block member
// or the texture. Its setters write the value into the effect's block
// (allocation-free); the next Apply makes it the draws'. A value of
// another kind than the parameter's, or a setter on a nil parameter, is an
// ErrEffect error that the next draw, Clear or EndFrame returns (rule
// G20), and changes nothing.
type EffectParameter struct {
	effect *Effect
	// Name is the parameter's name as the shader spells it.
	Name string
	// ParameterClass and ParameterType say what values it takes.
	ParameterClass EffectParameterClass
	ParameterType  EffectParameterType
	// RowCount and ColumnCount are its rows and columns (a vec3 has 1
	// row of 3 columns as in XNA; a mat4 4 and 4).
	RowCount, ColumnCount int
	// Elements is the array length, 0 when it is not an array.
	Elements int

	offset, stride, mstride int
	rows, cols              int // shader vector size and matrix columns
	rowMajor                bool
	slot                    int // a texture's slot (0 or 1)
}

// NewEffect makes an Effect from SPIR-V vertex and fragment shaders
// (glslc's output, little endian, as go:embed gives it). It reflects both,
// checks that the engine can bind what they declare and returns an error
// naming what to change otherwise.
func NewEffect(dev *Device, vertexSPIRV, fragmentSPIRV []byte) (*Effect, error) {
	if len(vertexSPIRV) == 0 {
		return nil, fmt.Errorf("graphics: new effect: no vertex shader (for a fragment shader over sprites use NewSpriteEffect): %w", ErrEffect)
	}
	return newEffect(dev, vertexSPIRV, fragmentSPIRV, false)
}

// NewSpriteEffect makes an Effect of a fragment shader alone, for
// SpriteBatch (XNA's pixel-shader-only sprite effects): the batch's own
// vertex stage places the sprites and hands the fragment shader Color at
// location 0 and TexCoord at location 1.
func NewSpriteEffect(dev *Device, fragmentSPIRV []byte) (*Effect, error) {
	return newEffect(dev, shaders.SpriteEffectVertex(), fragmentSPIRV, true)
}

func newEffect(dev *Device, vert, frag []byte, sprite bool) (*Effect, error) {
	return newEffectLimit(dev, vert, frag, sprite, MaxEffectParameterBytes)
}

// newEffectLimit is newEffect with the block size limit: the engine's own
// effects may pass up to MaxEffectBlockBytes.
func newEffectLimit(dev *Device, vert, frag []byte, sprite bool, limit int) (*Effect, error) {
	const op = "graphics: new effect"
	if dev == nil {
		return nil, fmt.Errorf("%s: the device is nil: %w", op, ErrInvalid)
	}
	eb, ok := dev.backend.(EffectBackend)
	if !ok {
		return nil, fmt.Errorf("%s: the backend %T cannot run effects: %w", op, dev.backend, ErrEffect)
	}
	feats := dev.limits.ShaderFeatures
	vw, vm, err := reflectStage(vert, "vertex", spirv.StageVertex, feats)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	fw, fm, err := reflectStage(frag, "fragment", spirv.StageFragment, feats)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	// A block of 16 bytes when the shaders declare none: every draw binds one.
	e := &Effect{dev: dev, sprite: sprite, Parameters: EffectParameterCollection{}, block: make([]byte, 16)}
	var block *spirv.Block
	for _, s := range []struct {
		m    *spirv.Module
		what string
	}{{vm, "vertex"}, {fm, "fragment"}} {
		if err := checkResources(s.m, s.what); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		for i := range s.m.UniformBlocks {
			b := &s.m.UniformBlocks[i]
			if block != nil {
				if diff := blockDiff(block.Type, b.Type, ""); diff != "" {
					return nil, fmt.Errorf("%s: the vertex and fragment shaders declare different uniform blocks %s and %s at set 0 binding 0 (%s): declare the same members in both: %w",
						op, block.Name, b.Name, diff, ErrEffect)
				}
			}
			block = b
		}
	}
	if len(vm.Textures) > 0 {
		return nil, fmt.Errorf("%s: the vertex shader samples %s: only the fragment shader may sample the texture: %w", op, vm.Textures[0].Name, ErrEffect)
	}
	if block != nil {
		if block.Size > limit {
			return nil, fmt.Errorf("%s: uniform block %s is %d bytes, at most %d: %w", op, block.Name, block.Size, limit, ErrEffect)
		}
		e.block = make([]byte, (block.Size+15)&^15)
		if err := e.addParameters("", block.Type, 0); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}
	slots := e.addTextures(fm)
	if e.inputs, err = effectInputs(vm); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := linkStages(vm, fm); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	dev.nextEffect++
	e.id = dev.nextEffect
	desc := EffectDesc{Vertex: vw, Fragment: fw, Inputs: e.inputs, VertexOnlyBlock: len(fm.UniformBlocks) == 0, TextureSlots: slots}
	desc.Outputs, _ = colorOutputs(fm) // checked by reflectStage
	if block != nil {
		desc.BlockSize = block.Size
	}
	if err := eb.CreateEffect(e.id, desc); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	e.initTechniques()
	return e, nil
}

// reflectStage validates one shader against the device's features
// (rule E7), reflects it and checks its entry point and, for a fragment
// shader, its colour outputs.
func reflectStage(b []byte, what string, stage spirv.Stage, feats spirv.Features) ([]uint32, *spirv.Module, error) {
	w, err := spirv.Words(b)
	if err != nil {
		return nil, nil, fmt.Errorf("the %s shader is not SPIR-V (compile it with glslc): %w: %w: %w", what, err, ErrBadShader, ErrEffect)
	}
	if err := spirv.Validate(w, feats); err != nil {
		return nil, nil, fmt.Errorf("the %s shader fails validation: %w: %w: %w", what, err, ErrBadShader, ErrEffect)
	}
	m, err := spirv.Reflect(w)
	if err != nil {
		return nil, nil, fmt.Errorf("the %s shader: %w: %w: %w", what, err, ErrBadShader, ErrEffect)
	}
	if !m.HasEntryPoint("main", stage) {
		return nil, nil, fmt.Errorf("the %s shader has no %s entry point named main (is it a %s shader?): %w: %w", what, stage, what, ErrBadShader, ErrEffect)
	}
	if stage == spirv.StageFragment {
		if err := checkColorOutput(m); err != nil {
			return nil, nil, err
		}
	}
	return w, m, nil
}

// checkColorOutput checks that a fragment shader writes its colours as
// vec4s at distinct locations 0 to MaxRenderTargets-1, location 0 among
// them: location i is the i-th target of SetRenderTargets (rule G21).
func checkColorOutput(m *spirv.Module) error {
	if len(m.Outputs) == 0 {
		return fmt.Errorf("the fragment shader writes no colour: declare layout(location = 0) out vec4: %w: %w", ErrBadShader, ErrEffect)
	}
	_, err := colorOutputs(m)
	return err
}

// colorOutputs returns the set of locations a fragment shader writes, bit
// i for location i, or an error naming the output the engine cannot bind.
func colorOutputs(m *spirv.Module) (uint8, error) {
	var mask uint8
	for _, o := range m.Outputs {
		if o.Location < 0 || o.Location >= MaxRenderTargets || o.Type.String() != "vec4" || len(o.Type.Array) > 0 {
			return 0, fmt.Errorf("the fragment shader's output %s is a %s at location %d: declare each output a layout(location = 0 to %d) out vec4: %w: %w",
				o.Name, o.Type, o.Location, MaxRenderTargets-1, ErrBadShader, ErrEffect)
		}
		if mask&(1<<o.Location) != 0 {
			return 0, fmt.Errorf("the fragment shader writes location %d twice (%s): give each output its own location: %w: %w", o.Location, o.Name, ErrBadShader, ErrEffect)
		}
		mask |= 1 << o.Location
	}
	if mask&1 == 0 {
		return 0, fmt.Errorf("the fragment shader writes no colour at location 0 (the first render target): declare layout(location = 0) out vec4: %w: %w", ErrBadShader, ErrEffect)
	}
	return mask, nil
}

// checkResources rejects what the engine cannot bind.
func checkResources(m *spirv.Module, what string) error {
	for _, b := range m.UniformBlocks {
		if b.Set != 0 || b.Binding != 0 {
			return fmt.Errorf("the %s shader's uniform block %s is at set %d binding %d: declare it layout(set = 0, binding = 0): %w", what, b.Name, b.Set, b.Binding, ErrEffect)
		}
	}
	if len(m.UniformBlocks) > 1 {
		return fmt.Errorf("the %s shader declares %d uniform blocks: use one: %w", what, len(m.UniformBlocks), ErrEffect)
	}
	if err := checkTextures(m, what); err != nil {
		return err
	}
	switch {
	case len(m.StorageBlocks) > 0:
		return fmt.Errorf("the %s shader declares storage buffer %s: effects have a uniform block only: %w", what, m.StorageBlocks[0].Name, ErrEffect)
	case len(m.PushConstants) > 0:
		return fmt.Errorf("the %s shader declares push constants %s: put them in the uniform block: %w", what, m.PushConstants[0].Name, ErrEffect)
	case len(m.SeparateImages) > 0:
		return fmt.Errorf("the %s shader declares separate image %s: use a sampler2D: %w", what, m.SeparateImages[0].Name, ErrEffect)
	case len(m.SeparateSamplers) > 0:
		return fmt.Errorf("the %s shader declares separate sampler %s: use a sampler2D: %w", what, m.SeparateSamplers[0].Name, ErrEffect)
	}
	return nil
}

// blockDiff says how two block types differ, the vertex shader's (a) and
// the fragment shader's (b): the first member whose name, type, offset
// or size differs, or a member one has and the other lacks; "" when they
// have the same members at the same offsets.
func blockDiff(a, b spirv.Type, prefix string) string {
	desc := func(m spirv.Member) string {
		t := m.Type.String()
		if m.Type.Kind == spirv.KindStruct {
			t = "struct"
			if m.Type.Name != "" {
				t = m.Type.Name
			}
		}
		for _, n := range m.Type.Array {
			t += "[" + strconv.Itoa(n) + "]"
		}
		return fmt.Sprintf("%s %s at offset %d", t, prefix+m.Name, m.Offset)
	}
	for i := range max(len(a.Members), len(b.Members)) {
		switch {
		case i >= len(a.Members):
			return fmt.Sprintf("the fragment shader's has %s, the vertex shader's ends before it", desc(b.Members[i]))
		case i >= len(b.Members):
			return fmt.Sprintf("the vertex shader's has %s, the fragment shader's ends before it", desc(a.Members[i]))
		}
		x, y := a.Members[i], b.Members[i]
		if x.Type.Kind == spirv.KindStruct && y.Type.Kind == spirv.KindStruct && x.Name == y.Name && x.Offset == y.Offset &&
			slices.Equal(x.Type.Array, y.Type.Array) && x.Type.Size() == y.Type.Size() {
			if d := blockDiff(x.Type, y.Type, prefix+x.Name+"."); d != "" {
				return d
			}
			continue
		}
		if x.Name != y.Name || x.Offset != y.Offset || x.Type.String() != y.Type.String() || x.Type.Kind != y.Type.Kind ||
			!slices.Equal(x.Type.Array, y.Type.Array) || x.Type.Size() != y.Type.Size() || x.RowMajor != y.RowMajor {
			return fmt.Sprintf("member %d: the vertex shader's is %s, the fragment shader's %s", i, desc(x), desc(y))
		}
	}
	return ""
}

// addParameters adds the members of struct t, prefixed, at base.
func (e *Effect) addParameters(prefix string, t spirv.Type, base int) error {
	for _, m := range t.Members {
		name := prefix + m.Name
		mt := m.Type
		if mt.Kind == spirv.KindStruct {
			if len(mt.Array) > 1 {
				return fmt.Errorf("parameter %s: arrays of arrays of structs are not supported: %w", name, ErrEffect)
			}
			inner := mt
			inner.Array = nil
			if len(mt.Array) == 0 {
				if err := e.addParameters(name+".", inner, base+m.Offset); err != nil {
					return err
				}
				continue
			}
			for i := range mt.Array[0] {
				if err := e.addParameters(name+"["+strconv.Itoa(i)+"].", inner, base+m.Offset+i*mt.ArrayStride); err != nil {
					return err
				}
			}
			continue
		}
		p := &EffectParameter{effect: e, Name: name, offset: base + m.Offset, stride: mt.ArrayStride,
			mstride: mt.MatrixStride, rows: mt.Rows, cols: mt.Columns, rowMajor: m.RowMajor}
		switch mt.Kind {
		case spirv.KindFloat:
			p.ParameterType = ParameterSingle
			if mt.Width != 32 {
				return fmt.Errorf("parameter %s is a %d-bit float: use float: %w", name, mt.Width, ErrEffect)
			}
		case spirv.KindInt:
			p.ParameterType = ParameterInt32
		case spirv.KindUint:
			p.ParameterType = ParameterUint32
		case spirv.KindBool:
			p.ParameterType = ParameterBool
		default:
			return fmt.Errorf("parameter %s has type %s, which effects do not support: %w", name, mt, ErrEffect)
		}
		switch {
		case mt.Columns > 1:
			p.ParameterClass, p.RowCount, p.ColumnCount = ParameterMatrix, mt.Rows, mt.Columns
		case mt.Rows > 1:
			p.ParameterClass, p.RowCount, p.ColumnCount = ParameterVector, 1, mt.Rows
		default:
			p.ParameterClass, p.RowCount, p.ColumnCount = ParameterScalar, 1, 1
		}
		switch len(mt.Array) {
		case 0:
		case 1:
			p.Elements = mt.Array[0]
		default:
			return fmt.Errorf("parameter %s is an array of arrays: use one dimension: %w", name, ErrEffect)
		}
		if p.mstride == 0 {
			p.mstride = 16
		}
		e.Parameters[name] = p
	}
	return nil
}

// effectInputs maps the vertex shader's inputs to vertex elements by name.
func effectInputs(m *spirv.Module) ([]EffectInput, error) {
	var in []EffectInput
	for _, v := range m.Inputs {
		usage, index, ok := usageOfName(v.Name)
		if !ok {
			return nil, fmt.Errorf("vertex input %s names no vertex element: call it Position, Color, TexCoord or Normal, with the usage index after it when not 0 (TexCoord1): %w", v.Name, ErrEffect)
		}
		if v.Type.Kind != spirv.KindFloat || v.Type.Width != 32 || v.Type.Columns > 1 || len(v.Type.Array) > 0 {
			return nil, fmt.Errorf("vertex input %s is a %s: declare it float, vec2, vec3 or vec4: %w", v.Name, v.Type, ErrEffect)
		}
		for _, o := range in {
			if o.Usage == usage && o.UsageIndex == index {
				return nil, fmt.Errorf("vertex inputs %s and %s name the same vertex element: %w", o.Name, v.Name, ErrEffect)
			}
		}
		in = append(in, EffectInput{Location: v.Location, Usage: usage, UsageIndex: index, Name: v.Name})
	}
	for i := 1; i < len(in); i++ { // location order
		for j := i; j > 0 && in[j].Location < in[j-1].Location; j-- {
			in[j], in[j-1] = in[j-1], in[j]
		}
	}
	return in, nil
}

// usageOfName parses a vertex input's name: an optional prefix, a usage,
// an optional index.
func usageOfName(name string) (VertexElementUsage, int, bool) {
	n := strings.ToLower(name)
	for _, p := range []string{"in_", "a_", "in"} {
		if s, ok := strings.CutPrefix(n, p); ok && s != "" {
			if u, i, ok := usageOfName(s); ok {
				return u, i, true
			}
		}
	}
	end := len(n)
	for end > 0 && n[end-1] >= '0' && n[end-1] <= '9' {
		end--
	}
	index := 0
	if end < len(n) {
		i, err := strconv.Atoi(n[end:])
		if err != nil || i > 15 {
			return 0, 0, false
		}
		index = i
	}
	switch n[:end] {
	case "position", "pos":
		return UsagePosition, index, true
	case "color", "colour":
		return UsageColor, index, true
	case "texcoord", "texturecoordinate", "uv":
		return UsageTextureCoordinate, index, true
	case "normal":
		return UsageNormal, index, true
	case "blendindices", "blendindex":
		return UsageBlendIndices, index, true
	case "blendweight", "blendweights":
		return UsageBlendWeight, index, true
	case "binormal", "bitangent":
		return UsageBinormal, index, true
	case "tangent":
		return UsageTangent, index, true
	case "pointsize", "psize":
		return UsagePointSize, index, true
	case "depth":
		return UsageDepth, index, true
	case "fog":
		return UsageFog, index, true
	case "sample":
		return UsageSample, index, true
	case "tessellatefactor", "tessfactor":
		return UsageTessellateFactor, index, true
	}
	return 0, 0, false
}

// linkStages checks that the fragment shader's inputs are vertex outputs.
func linkStages(vm, fm *spirv.Module) error {
	for _, in := range fm.Inputs {
		found := false
		for _, out := range vm.Outputs {
			if out.Location == in.Location {
				found = true
				if out.Type.String() != in.Type.String() || !slices.Equal(out.Type.Array, in.Type.Array) {
					return fmt.Errorf("fragment input %s (location %d) is a %s, the vertex shader writes a %s there (%s): %w",
						in.Name, in.Location, in.Type, out.Type, out.Name, ErrEffect)
				}
			}
		}
		if !found {
			return fmt.Errorf("fragment input %s (location %d) is not written by the vertex shader: %w", in.Name, in.Location, ErrEffect)
		}
	}
	return nil
}

// ID returns the effect's backend ID.
func (e *Effect) ID() EffectID { return e.id }

// Inputs returns the vertex inputs the effect reads (do not modify).
func (e *Effect) Inputs() []EffectInput { return e.inputs }

// Parameter returns the parameter named name, or an error naming it.
func (e *Effect) Parameter(name string) (*EffectParameter, error) {
	if p := e.Parameters[name]; p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("graphics: effect: no parameter %q (the shaders' uniform block members and texture are the parameters): %w", name, ErrEffect)
}

// Dispose releases the effect's shaders once the frames that use it have
// run. Applying it afterwards is an error at the draw.
func (e *Effect) Dispose() {
	if e.disposed || e.dev == nil {
		return
	}
	e.disposed = true
	if e.refs != nil && *e.refs > 1 { // a clone still runs the shaders
		*e.refs--
		return
	}
	f := e.dev.rec()
	f.Releases = append(f.Releases, Release{Effect: e.id})
}

// Apply makes the effect, with its parameters as they are now, the one
// the following draws use (XNA's CurrentTechnique.Passes[0].Apply()).
// Problems (a disposed effect, a vertex input the draw's declaration
// lacks, an unset texture) are reported by the draws.
func (e *Effect) Apply() {
	d := e.dev
	if d == nil {
		return
	}
	d.applyEffect(e)
	d.texture = e.texture
	d.applySlots(e)
	d.variant = 0
	if e.hasTex {
		d.variant = ShaderTexture
	}
}

// applyEffect snapshots e's block as the device's current effect block.
func (d *Device) applyEffect(e *Effect) {
	d.effect = e
	d.effectStage = append(d.effectStage[:0], e.block...)
	d.effectBlock = -1
	d.effectSet = true
	d.uniformsIdx = -1
}

// spriteEffect is implemented by the effects a SpriteBatch can draw with.
type spriteEffect interface {
	Apply()
	spriteDevice() *Device
}

// SpriteBatchEffect is an effect a SpriteBatch can draw with: a
// *BasicEffect, an *Effect or an *AlphaTestEffect
// (SpriteBatchSettings.Effect).
type SpriteBatchEffect interface {
	spriteEffect
}

func (e *BasicEffect) spriteDevice() *Device { return e.dev }
func (e *Effect) spriteDevice() *Device      { return e.dev }

// --- parameter setters ---

// fail records err on the parameter's Device for its next draw or frame end
// to return (rule G20); a nil parameter (a name Parameters lacks) has no
// Device, and its error goes to the next Device that reports one.
func (p *EffectParameter) fail(err error) {
	if p != nil && p.effect != nil && p.effect.dev != nil {
		p.effect.dev.fail(err)
		return
	}
	orphanErr.CompareAndSwap(nil, &err)
}

func (p *EffectParameter) check(op string, t EffectParameterType, class EffectParameterClass, rows, cols, n int) error {
	if p == nil {
		return fmt.Errorf("graphics: effect parameter: %s on a parameter that does not exist (Parameters[name] was nil; Effect.Parameter names the missing one): %w", op, ErrEffect)
	}
	if p.ParameterType != t || p.ParameterClass != class || p.rows != rows || p.cols != cols || (n > 0) != (p.Elements > 0) || n > p.Elements {
		return fmt.Errorf("graphics: effect parameter %q is %s; %s was given %s: %w", p.Name, p.describe(), op, describe(t, class, rows, cols, n), ErrEffect)
	}
	return nil
}

// describe says what the parameter is, in GLSL's words.
func (p *EffectParameter) describe() string {
	return describe(p.ParameterType, p.ParameterClass, p.rows, p.cols, p.Elements)
}

func describe(t EffectParameterType, class EffectParameterClass, rows, cols, n int) string {
	var s string
	switch class {
	case ParameterObject:
		if t == ParameterTextureCube {
			return "a cube texture (samplerCube): pass a *TextureCube"
		}
		if t == ParameterTexture3D {
			return "a 3D texture (sampler3D): pass a *Texture3D"
		}
		return "a texture (sampler2D): pass a *Texture2D"
	case ParameterScalar:
		s = [...]string{"", "float", "int", "uint", "bool", ""}[t]
	case ParameterVector:
		s = [...]string{"", "", "i", "u", "b", ""}[t] + "vec" + strconv.Itoa(rows)
	case ParameterMatrix:
		if rows == cols {
			s = "mat" + strconv.Itoa(cols)
		} else {
			s = "mat" + strconv.Itoa(cols) + "x" + strconv.Itoa(rows)
		}
	}
	if n > 0 {
		return fmt.Sprintf("an array of %d %s", n, s)
	}
	return "a " + s
}

func (p *EffectParameter) putF(at int, v float32) {
	b := p.effect.block[at : at+4]
	u := math.Float32bits(v)
	b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
}

func (p *EffectParameter) putU(at int, u uint32) {
	b := p.effect.block[at : at+4]
	b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
}

// SetFloat sets a float parameter.
func (p *EffectParameter) SetFloat(v float32) {
	if err := p.check("SetFloat", ParameterSingle, ParameterScalar, 1, 1, 0); err != nil {
		p.fail(err)
		return
	}
	p.putF(p.offset, v)
}

// SetInt sets an int parameter.
func (p *EffectParameter) SetInt(v int32) {
	if err := p.check("SetInt", ParameterInt32, ParameterScalar, 1, 1, 0); err != nil {
		p.fail(err)
		return
	}
	p.putU(p.offset, uint32(v))
}

// SetUint sets a uint parameter.
func (p *EffectParameter) SetUint(v uint32) {
	if err := p.check("SetUint", ParameterUint32, ParameterScalar, 1, 1, 0); err != nil {
		p.fail(err)
		return
	}
	p.putU(p.offset, v)
}

// SetBool sets a bool parameter.
func (p *EffectParameter) SetBool(v bool) {
	if err := p.check("SetBool", ParameterBool, ParameterScalar, 1, 1, 0); err != nil {
		p.fail(err)
		return
	}
	var u uint32
	if v {
		u = 1
	}
	p.putU(p.offset, u)
}

func (p *EffectParameter) setVec(op string, v []float32) {
	if err := p.check(op, ParameterSingle, ParameterVector, len(v), 1, 0); err != nil {
		p.fail(err)
		return
	}
	for i, x := range v {
		p.putF(p.offset+4*i, x)
	}
}

// SetVector2 sets a vec2 parameter.
func (p *EffectParameter) SetVector2(v mgl32.Vec2) { p.setVec("SetVector2", v[:]) }

// SetVector3 sets a vec3 parameter.
func (p *EffectParameter) SetVector3(v mgl32.Vec3) { p.setVec("SetVector3", v[:]) }

// SetVector4 sets a vec4 parameter.
func (p *EffectParameter) SetVector4(v mgl32.Vec4) { p.setVec("SetVector4", v[:]) }

// SetColor sets a vec4 parameter to c's channels as 0..1 (XNA's
// Color.ToVector4).
func (p *EffectParameter) SetColor(c Color) {
	v := mgl32.Vec4{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
	p.setVec("SetColor", v[:])
}

// putMat writes a column-major matrix of cols columns of rows at at.
func (p *EffectParameter) putMat(at int, m []float32, rows, cols int) {
	for c := range cols {
		for r := range rows {
			if p.rowMajor {
				p.putF(at+r*p.mstride+4*c, m[c*rows+r])
			} else {
				p.putF(at+c*p.mstride+4*r, m[c*rows+r])
			}
		}
	}
}

// SetMatrix sets a mat4 parameter (mathgl's column-major matrix, as the
// shader's).
func (p *EffectParameter) SetMatrix(m mgl32.Mat4) {
	if err := p.check("SetMatrix", ParameterSingle, ParameterMatrix, 4, 4, 0); err != nil {
		p.fail(err)
		return
	}
	p.putMat(p.offset, m[:], 4, 4)
}

// SetMatrix3 sets a mat3 parameter.
func (p *EffectParameter) SetMatrix3(m mgl32.Mat3) {
	if err := p.check("SetMatrix3", ParameterSingle, ParameterMatrix, 3, 3, 0); err != nil {
		p.fail(err)
		return
	}
	p.putMat(p.offset, m[:], 3, 3)
}

// SetMatrix2 sets a mat2 parameter.
func (p *EffectParameter) SetMatrix2(m mgl32.Mat2) {
	if err := p.check("SetMatrix2", ParameterSingle, ParameterMatrix, 2, 2, 0); err != nil {
		p.fail(err)
		return
	}
	p.putMat(p.offset, m[:], 2, 2)
}

// SetFloatArray sets the first len(v) elements of a float array.
func (p *EffectParameter) SetFloatArray(v []float32) {
	if err := p.check("SetFloatArray", ParameterSingle, ParameterScalar, 1, 1, max(len(v), 1)); err != nil {
		p.fail(err)
		return
	}
	for i, x := range v {
		p.putF(p.offset+i*p.stride, x)
	}
}

// SetVector4Array sets the first len(v) elements of a vec4 array.
func (p *EffectParameter) SetVector4Array(v []mgl32.Vec4) {
	if err := p.check("SetVector4Array", ParameterSingle, ParameterVector, 4, 1, max(len(v), 1)); err != nil {
		p.fail(err)
		return
	}
	for i, x := range v {
		for k := range 4 {
			p.putF(p.offset+i*p.stride+4*k, x[k])
		}
	}
}

// SetMatrixArray sets the first len(v) elements of a mat4 array.
func (p *EffectParameter) SetMatrixArray(v []mgl32.Mat4) {
	if err := p.check("SetMatrixArray", ParameterSingle, ParameterMatrix, 4, 4, max(len(v), 1)); err != nil {
		p.fail(err)
		return
	}
	for i := range v {
		p.putMat(p.offset+i*p.stride, v[i][:], 4, 4)
	}
}

// SetTexture sets the texture parameter: a *Texture2D, a *RenderTarget2D
// or nil (any Texture).
func (p *EffectParameter) SetTexture(tex Texture) {
	if p != nil && p.ParameterType == ParameterTextureCube {
		if err := p.setCube(tex); err != nil {
			p.fail(err)
		}
		return
	}
	if p != nil && p.ParameterType == ParameterTexture3D {
		if err := p.setVolume(tex); err != nil {
			p.fail(err)
		}
		return
	}
	if err := p.check("SetTexture", ParameterTexture2D, ParameterObject, 0, 0, 0); err != nil {
		p.fail(err)
		return
	}
	if v, ok := tex.(*Texture3D); ok && v != nil {
		p.fail(fmt.Errorf("graphics: effect parameter %q is %s; SetTexture was given a *Texture3D (declare a sampler3D to sample one): %w", p.Name, p.describe(), ErrEffect))
		return
	}
	if asCube(tex) != nil {
		p.fail(fmt.Errorf("graphics: effect parameter %q is %s; SetTexture was given a *TextureCube (declare a samplerCube to sample one): %w", p.Name, p.describe(), ErrEffect))
		return
	}
	t := asTexture2D(tex)
	if t != nil && t.dev != p.effect.dev {
		p.fail(fmt.Errorf("graphics: effect parameter %q: SetTexture: the texture was made for another Device: %w", p.Name, ErrWrongDevice))
		return
	}
	if p.slot == 1 {
		p.effect.more.tex1 = t
		return
	}
	p.effect.texture = t
}

// SetValue sets the parameter from v, as XNA's SetValue overloads do:
// float32, int32, uint32, bool, mgl32.Vec2/Vec3/Vec4, Color (as a vec4),
// mgl32.Mat2/Mat3/Mat4, []float32, []mgl32.Vec4, []mgl32.Mat4,
// *Texture2D, *RenderTarget2D, *TextureCube, *RenderTargetCube or
// *Texture3D. A value
// of the wrong type or size is an error naming the parameter and what it
// takes, which the next draw returns (rule G20). Go boxes a non-pointer
// argument of an interface parameter on the heap (a float32 or matrix
// passed here allocates at the call); the typed setters (SetFloat,
// SetVector4, SetMatrix, ...) never allocate: use them per draw.
func (p *EffectParameter) SetValue(v any) {
	if p == nil {
		p.fail(p.check("SetValue", 0, 0, 0, 0, 0))
		return
	}
	switch x := v.(type) {
	case float32:
		p.SetFloat(x)
	case float64:
		p.SetFloat(float32(x))
	case int32:
		p.SetInt(x)
	case int:
		if p.ParameterType == ParameterUint32 && x >= 0 {
			p.SetUint(uint32(x))
		} else {
			p.SetInt(int32(x))
		}
	case uint32:
		p.SetUint(x)
	case bool:
		p.SetBool(x)
	case mgl32.Vec2:
		p.SetVector2(x)
	case mgl32.Vec3:
		p.SetVector3(x)
	case mgl32.Vec4:
		p.SetVector4(x)
	case Color:
		p.SetColor(x)
	case mgl32.Mat2:
		p.SetMatrix2(x)
	case mgl32.Mat3:
		p.SetMatrix3(x)
	case mgl32.Mat4:
		p.SetMatrix(x)
	case []float32:
		p.SetFloatArray(x)
	case []mgl32.Vec4:
		p.SetVector4Array(x)
	case []mgl32.Mat4:
		p.SetMatrixArray(x)
	case *Texture2D:
		p.SetTexture(x)
	case *TextureCube:
		p.SetTexture(x)
	case *RenderTargetCube:
		p.SetTexture(x)
	case *Texture3D:
		p.SetTexture(x)
	case *RenderTarget2D:
		if x == nil {
			p.SetTexture(nil)
		} else {
			p.SetTexture(x.Texture2D)
		}
	case nil:
		p.fail(fmt.Errorf("graphics: effect parameter %q is %s; SetValue was given nil: %w", p.Name, p.describe(), ErrEffect))
	default:
		p.fail(fmt.Errorf("graphics: effect parameter %q is %s; SetValue was given a %s: %w", p.Name, p.describe(), reflect.TypeOf(v), ErrEffect))
	}
}

// GetValueFloat returns a float parameter's value (0 for another kind).
func (p *EffectParameter) GetValueFloat() float32 {
	if p == nil || p.ParameterType != ParameterSingle || p.ParameterClass != ParameterScalar {
		return 0
	}
	b := p.effect.block[p.offset:]
	return math.Float32frombits(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
}
