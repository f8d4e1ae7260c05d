package graphics_test

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// layoutWGSL has a uniform struct laid out by WGSL's rules and
// attributes: @align and @size (which move the members after them), a
// vec3 with a scalar packed into its last 4 bytes, a mat3x3 with 16-byte
// columns, arrays of vectors and of structs.
const layoutWGSL = `
struct Light {
    Direction: vec3<f32>,
    Power: f32,
}

struct Params {
    Tint: vec3<f32>,               // 0
    Alpha: f32,                    // 12, in the vec3's tail
    Rotation: mat3x3<f32>,         // 16, columns 16 bytes apart
    Bias: f32,                     // 64
    @align(16) Scale: vec2<f32>,   // 80 (72 without @align)
    Offsets: array<vec4<f32>, 3>,  // 96, stride 16
    Lights: array<Light, 2>,       // 144, stride 16
    @size(32) Count: i32,          // 176, 32 bytes
    Frame: u32,                    // 208 (180 without @size)
}

@group(0) @binding(0) var<uniform> params: Params;

struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec4<f32>,
}

@vertex
fn vs_main(@location(0) Position: vec3<f32>, @location(1) Color: vec4<f32>) -> VertexOutput {
    var o: VertexOutput;
    let r = params.Rotation * vec3<f32>(params.Scale, 1.0);
    o.position = vec4<f32>(Position.xy + r.xy + params.Offsets[1].xy, Position.z + params.Bias, 1.0);
    o.color = Color * vec4<f32>(params.Tint, params.Alpha);
    return o;
}

@fragment
fn fs_main(@location(0) color: vec4<f32>) -> @location(0) vec4<f32> {
    let l = params.Lights[1];
    let k = f32(params.Count) + f32(params.Frame);
    return color * (l.Power + k) + vec4<f32>(l.Direction, 0.0) + params.Offsets[2];
}
`

// TestE8_WGSLParametersUseWGSLLayout sets each parameter of layoutWGSL
// by name with SetValue and reads the block the fake backend received at
// the offsets WGSL's layout rules give, which std140 would not.
func TestE8_WGSLParametersUseWGSLLayout(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffectWGSL(r.dev, layoutWGSL)
	must(t, err)
	set := func(name string, v any) {
		t.Helper()
		p, err := e.Parameter(name)
		must(t, err)
		p.SetValue(v)
	}
	set("Tint", mgl32.Vec3{1, 2, 3})
	set("Alpha", float32(0.5))
	set("Rotation", mgl32.Mat3{11, 12, 13, 14, 15, 16, 17, 18, 19})
	set("Bias", float32(7))
	set("Scale", mgl32.Vec2{8, 9})
	set("Offsets", []mgl32.Vec4{{20, 21, 22, 23}, {24, 25, 26, 27}, {28, 29, 30, 31}})
	set("Lights[0].Direction", mgl32.Vec3{40, 41, 42})
	set("Lights[1].Direction", mgl32.Vec3{50, 51, 52})
	set("Lights[1].Power", float32(53))
	set("Count", int32(-5))
	set("Frame", uint32(42))
	if p := e.Parameters["Offsets"]; p.Elements != 3 || p.ParameterClass != graphics.ParameterVector || p.ColumnCount != 4 {
		t.Errorf("Offsets: %d elements, class %d, %d columns", p.Elements, p.ParameterClass, p.ColumnCount)
	}
	if p := e.Parameters["Rotation"]; p.ParameterClass != graphics.ParameterMatrix || p.RowCount != 3 || p.ColumnCount != 3 {
		t.Errorf("Rotation: class %d, %dx%d", p.ParameterClass, p.RowCount, p.ColumnCount)
	}
	e.Parameters["Frame"].SetValue(float32(1))
	if err := r.dev.Err(); err == nil || !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a float into the u32 Frame: %v", err)
	}
	must(t, r.dev.BeginFrame(64, 64))
	e.Apply()
	verts := []graphics.VertexPositionColor{{Color: graphics.White}, {Color: graphics.White}, {Color: graphics.White}}
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1))
	f := r.present()
	d := f.Draws[0]
	if d.Pipeline.Effect != e.ID() {
		t.Fatalf("draw effect %d, want %d", d.Pipeline.Effect, e.ID())
	}
	b := f.EffectData[d.EffectBlock:]
	floats := []struct {
		off  int
		want float32
		what string
	}{
		{0, 1, "Tint.x"}, {8, 3, "Tint.z"}, {12, 0.5, "Alpha"},
		{16, 11, "Rotation[0][0]"}, {24, 13, "Rotation[0][2]"}, {32, 14, "Rotation[1][0]"}, {56, 19, "Rotation[2][2]"},
		{64, 7, "Bias"}, {80, 8, "Scale.x (72 without @align)"}, {84, 9, "Scale.y"},
		{96, 20, "Offsets[0].x"}, {112, 24, "Offsets[1].x"}, {140, 31, "Offsets[2].w"},
		{144, 40, "Lights[0].Direction.x"}, {160, 50, "Lights[1].Direction.x"}, {168, 52, "Lights[1].Direction.z"}, {172, 53, "Lights[1].Power"},
	}
	for _, c := range floats {
		if got := f32At(b, c.off); got != c.want {
			t.Errorf("%s at offset %d = %v, want %v", c.what, c.off, got, c.want)
		}
	}
	if got := int32(binary.LittleEndian.Uint32(b[176:])); got != -5 {
		t.Errorf("Count at 176 = %d, want -5", got)
	}
	if got := binary.LittleEndian.Uint32(b[208:]); got != 42 {
		t.Errorf("Frame at 208 (180 without Count's @size(32)) = %d, want 42", got)
	}
	for _, off := range []int{180, 192, 200, 204} { // Count's padding
		if got := binary.LittleEndian.Uint32(b[off:]); got != 0 {
			t.Errorf("padding at %d = %#x, want 0", off, got)
		}
	}
}

// TestE8_WGSLErrorsNameLineAndColumn compiles broken WGSL and checks that
// the error says where: a syntax error at its token, an unknown name at
// its function, each wrapping ErrEffect.
func TestE8_WGSLErrorsNameLineAndColumn(t *testing.T) {
	r := newRig(t)
	for _, c := range []struct{ src, want string }{
		{"@fragment\nfn fs_main() -> @location(0) vec4<f32> {\n    return vec4<f32>(1.0 2.0, 0.0, 1.0);\n}\n", "line 3, column 26"},
		{"@fragment\nfn fs_main() -> @location(0) vec4<f32> {\n    return $;\n}\n", "line 3, column 12"},
		{"\n\n@fragment\nfn fs_main() -> @location(0) vec4<f32> {\n    return vec4<f32>(nope);\n}\n", "line 4, column 1"},
	} {
		_, err := graphics.NewEffectWGSL(r.dev, c.src)
		if err == nil || !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one naming %q (and wrapping ErrEffect)", err, c.want)
		}
	}
}

// TestE8_WGSLRefusesWhatEffectsCannotBind checks the refusals that are
// WGSL's own, each naming what to change.
func TestE8_WGSLRefusesWhatEffectsCannotBind(t *testing.T) {
	r := newRig(t)
	const frag = "@fragment\nfn fs_main() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n"
	for _, c := range []struct{ src, want string }{
		{"@vertex\nfn vs_main() -> @builtin(position) vec4<f32> { return vec4<f32>(1.0); }\n", "no @fragment entry point"},
		{frag + "@fragment\nfn other() -> @location(0) vec4<f32> { return vec4<f32>(0.0); }\n", "two @fragment entry points"},
		{frag + "@compute @workgroup_size(1)\nfn cs_main() {}\n", "cs_main is not @vertex or @fragment"},
		{"struct P { M: mat2x2<f32>, }\n@group(0) @binding(0) var<uniform> p: P;\n@fragment\nfn fs_main() -> @location(0) vec4<f32> { return vec4<f32>(p.M[0], 0.0, 1.0); }\n", "declare it mat2x4<f32>"},
		{"@group(0) @binding(0) var<uniform> k: f32;\n@fragment\nfn fs_main() -> @location(0) vec4<f32> { return vec4<f32>(k); }\n", "not a struct"},
		{"@group(1) @binding(0) var a: texture_2d<f32>;\n@group(1) @binding(1) var b: texture_2d<f32>;\n@group(1) @binding(2) var s: sampler;\n" +
			"@fragment\nfn fs_main() -> @location(0) vec4<f32> { return textureSample(a, s, vec2<f32>(0.0)) + textureSample(b, s, vec2<f32>(0.0)); }\n", "two textures"},
	} {
		_, err := graphics.NewEffectWGSL(r.dev, c.src)
		if err == nil || !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one saying %q", err, c.want)
		}
	}
	if _, err := graphics.NewEffectWGSL(nil, frag); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("nil device: %v", err)
	}
}

// spriteWGSL is a sprite effect: a fragment entry point alone, reading
// the sprite's colour and texture coordinate, with a parameter.
const spriteWGSL = `
struct Params { Fade: f32, }
@group(0) @binding(0) var<uniform> params: Params;
@group(1) @binding(0) var SpriteTexture: texture_2d<f32>;
@group(1) @binding(1) var SpriteSampler: sampler;

@fragment
fn fs_main(@location(0) Color: vec4<f32>, @location(1) TexCoord: vec2<f32>) -> @location(0) vec4<f32> {
    return Color * textureSample(SpriteTexture, SpriteSampler, TexCoord) * params.Fade;
}
`

// TestE8_WGSLSpriteEffectDrawsSprites draws sprites through a WGSL
// fragment entry point alone: the batch's draw carries the effect, its
// parameter and the sprite's texture, named as the WGSL names it.
func TestE8_WGSLSpriteEffectDrawsSprites(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffectWGSL(r.dev, spriteWGSL)
	must(t, err)
	if e.Parameters["SpriteTexture"] == nil || e.Parameters["SpriteTexture"].ParameterType != graphics.ParameterTexture2D {
		t.Fatalf("no texture parameter SpriteTexture in %v", e.Parameters)
	}
	e.Parameters["Fade"].SetValue(float32(0.25))
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	must(t, sb.BeginWith(graphics.SpriteBatchSettings{Effect: e}))
	sb.Draw(r.tex, mgl32.Vec2{4, 4}, graphics.White)
	must(t, sb.End())
	f := r.present()
	found := false
	for _, d := range f.Draws {
		if d.Pipeline.Effect == e.ID() {
			found = true
			if got := f32At(f.EffectData[d.EffectBlock:], 0); got != 0.25 {
				t.Errorf("Fade = %v, want 0.25", got)
			}
		}
	}
	if !found {
		t.Fatal("no draw used the WGSL sprite effect")
	}
}

// TestE8_NagaOutputPassesSpirvVal runs spirv-val (SPIRV-Tools) for
// Vulkan 1.0 on the SPIR-V NewEffectWGSL hands the backend for each WGSL
// effect in these tests: every stage, after the texture and sampler are
// combined.
func TestE8_NagaOutputPassesSpirvVal(t *testing.T) {
	val, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("spirv-val not installed (Debian package spirv-tools)")
	}
	dir := t.TempDir()
	n := 0
	for name, src := range map[string]string{"layout": layoutWGSL, "sprite": spriteWGSL} {
		v, fr, err := graphics.CompileWGSLStages(src)
		must(t, err)
		for stage, b := range map[string][]byte{"vert": v, "frag": fr} {
			if len(b) == 0 {
				continue
			}
			p := filepath.Join(dir, name+"."+stage+".spv")
			must(t, os.WriteFile(p, b, 0o644))
			if out, err := exec.Command(val, "--target-env", "vulkan1.0", p).CombinedOutput(); err != nil {
				t.Errorf("spirv-val %s.%s: %v\n%s", name, stage, err, out)
			}
			n++
		}
	}
	if n != 3 {
		t.Errorf("validated %d modules, want 3", n)
	}
}

// FuzzE8_NewEffectWGSLNeverPanics compiles arbitrary text as WGSL: an
// effect or an error, never a panic. The seeds are this file's effects,
// cut short and with a piece removed.
func FuzzE8_NewEffectWGSLNeverPanics(f *testing.F) {
	for _, src := range []string{layoutWGSL, spriteWGSL} {
		f.Add(src)
		for i := 0; i < len(src); i += 37 {
			f.Add(src[:i])
			f.Add(src[:i] + src[min(i+7, len(src)):])
		}
	}
	r := newRig(f)
	f.Fuzz(func(t *testing.T, src string) {
		e, err := graphics.NewEffectWGSL(r.dev, src)
		if err == nil {
			e.Dispose()
		} else if !errors.Is(err, graphics.ErrEffect) {
			t.Fatalf("error %v does not wrap ErrEffect", err)
		}
	})
}

// TestE8_WGSLVertexInputsByName reads vertex inputs declared as a struct's
// members: each is fed by the vertex element its name gives, at its
// @location.
func TestE8_WGSLVertexInputsByName(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffectWGSL(r.dev, `
struct VertexInput {
    @location(2) TexCoord1: vec2<f32>,
    @location(0) Position: vec3<f32>,
    @location(5) Normal: vec3<f32>,
}
struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}
@vertex
fn vs_main(v: VertexInput) -> VertexOutput {
    return VertexOutput(vec4<f32>(v.Position + v.Normal, 1.0), v.TexCoord1);
}
@fragment
fn fs_main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(uv, 0.0, 1.0);
}
`)
	must(t, err)
	want := []graphics.EffectInput{
		{Location: 0, Usage: graphics.UsagePosition, Name: "Position"},
		{Location: 2, Usage: graphics.UsageTextureCoordinate, UsageIndex: 1, Name: "TexCoord1"},
		{Location: 5, Usage: graphics.UsageNormal, Name: "Normal"},
	}
	got := e.Inputs()
	if len(got) != len(want) {
		t.Fatalf("inputs %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("input %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// BenchmarkE8_NewEffectWGSL measures compiling layoutWGSL (a vertex and a
// fragment entry point) to a ready Effect on the fake backend.
func BenchmarkE8_NewEffectWGSL(b *testing.B) {
	r := newRig(b)
	for b.Loop() {
		e, err := graphics.NewEffectWGSL(r.dev, layoutWGSL)
		if err != nil {
			b.Fatal(err)
		}
		e.Dispose()
	}
}

// skyWGSL samples a cube texture: a texture_cube<f32> in the texture's
// place is a TextureCube parameter.
const skyWGSL = `
struct Params { WorldViewProj: mat4x4<f32> }
@group(0) @binding(0) var<uniform> u: Params;
@group(1) @binding(0) var Sky: texture_cube<f32>;
@group(1) @binding(1) var skySampler: sampler;
struct Out { @builtin(position) pos: vec4<f32>, @location(0) dir: vec3<f32> }
@vertex fn vs(@location(0) Position: vec3<f32>) -> Out {
  var o: Out;
  o.pos = u.WorldViewProj * vec4<f32>(Position, 1.0);
  o.dir = Position;
  return o;
}
@fragment fn fs(i: Out) -> @location(0) vec4<f32> {
  return textureSample(Sky, skySampler, i.dir);
}
`

// TestE8_WGSLCubeTextureIsATextureCubeParameter: a texture_cube<f32> at
// @group(1) @binding(0) is a TextureCube parameter, named as the
// variable: a TextureCube sets it, a Texture2D is refused.
func TestE8_WGSLCubeTextureIsATextureCubeParameter(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffectWGSL(r.dev, skyWGSL)
	must(t, err)
	p, err := e.Parameter("Sky")
	must(t, err)
	if p.ParameterType != graphics.ParameterTextureCube {
		t.Fatalf("Sky: parameter type %d, want ParameterTextureCube", p.ParameterType)
	}
	cube, err := graphics.NewTextureCube(r.dev, 4, false, graphics.SurfaceFormatColor)
	must(t, err)
	p.SetValue(cube)
	must(t, r.dev.Err())
	flat, err := graphics.NewTexture2D(r.dev, 4, 4)
	must(t, err)
	p.SetValue(flat)
	if err := r.dev.Err(); err == nil || !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("a Texture2D into the cube parameter: %v, want ErrEffect", err)
	}
}
