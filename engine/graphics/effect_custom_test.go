package graphics_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/wave.vert.spv testdata/effects/wave.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/wave.frag.spv testdata/effects/wave.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/crt.frag.spv testdata/effects/crt.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/needs_normal.vert.spv testdata/effects/needs_normal.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/instanced.vert.spv testdata/effects/instanced.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/separate.vert.spv testdata/effects/separate.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/cubes.frag.spv testdata/effects/cubes.frag

func spv(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/effects/" + name + ".spv")
	must(t, err)
	return b
}

func waveEffect(t testing.TB, r *rig) *graphics.Effect {
	t.Helper()
	e, err := graphics.NewEffect(r.dev, spv(t, "wave.vert"), spv(t, "wave.frag"))
	must(t, err)
	return e
}

func f32At(b []byte, off int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
}

// TestE1_ParametersArePackedStd140 sets each parameter kind and reads the
// recorded block at the std140 offsets the shader declares.
func TestE1_ParametersArePackedStd140(t *testing.T) {
	r := newRig(t)
	e := waveEffect(t, r)
	names := []string{}
	for n := range e.Parameters {
		names = append(names, n)
	}
	for _, n := range []string{"WorldViewProjection", "Time", "Amplitude", "Tint", "Weights"} {
		if e.Parameters[n] == nil {
			t.Fatalf("no parameter %s among %v", n, names)
		}
	}
	m := mgl32.Translate3D(1, 2, 3)
	e.Parameters["WorldViewProjection"].SetValue(m)
	e.Parameters["Time"].SetValue(float32(1.5))
	e.Parameters["Amplitude"].SetFloat(0.25)
	e.Parameters["Tint"].SetValue(mgl32.Vec4{0.1, 0.2, 0.3, 0.4})
	e.Parameters["Weights"].SetValue([]float32{1, 2, 3})
	if p := e.Parameters["Weights"]; p.Elements != 4 || p.ParameterClass != graphics.ParameterScalar {
		t.Errorf("Weights: %d elements class %d", p.Elements, p.ParameterClass)
	}
	must(t, r.dev.BeginFrame(64, 64))
	e.Apply()
	verts := []graphics.VertexPositionColor{{Color: graphics.White}, {Color: graphics.White}, {Color: graphics.White}}
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1))
	e.Parameters["Time"].SetValue(float32(9)) // after Apply: not this draw's
	f := r.present()
	d := f.Draws[0]
	if d.Pipeline.Effect != e.ID() || d.Uniforms != -1 {
		t.Fatalf("draw effect %d uniforms %d", d.Pipeline.Effect, d.Uniforms)
	}
	b := f.EffectData[d.EffectBlock:]
	for i := range 16 {
		if got := f32At(b, 4*i); got != m[i] {
			t.Fatalf("matrix element %d = %v, want %v", i, got, m[i])
		}
	}
	for off, want := range map[int]float32{64: 1.5, 68: 0.25, 80: 0.1, 92: 0.4, 96: 1, 112: 2, 128: 3, 144: 0} {
		if got := f32At(b, off); got != want {
			t.Errorf("offset %d = %v, want %v", off, got, want)
		}
	}
}

// TestE2_WrongParameterTypeIsAnErrorNamingIt: a value of the wrong type
// or size is an error naming the parameter and what it takes.
func TestE2_WrongParameterTypeIsAnErrorNamingIt(t *testing.T) {
	r := newRig(t)
	e := waveEffect(t, r)
	for _, c := range []struct {
		name string
		v    any
		want string
	}{
		{"Time", mgl32.Vec3{1, 2, 3}, `"Time" is a float`},
		{"Tint", float32(1), `"Tint" is a vec4`},
		{"WorldViewProjection", mgl32.Vec4{}, `"WorldViewProjection" is a mat4`},
		{"Weights", make([]float32, 5), `"Weights" is an array of 4 float`},
		{"Weights", float32(1), `"Weights" is an array of 4 float`},
		{"Time", "fast", `"Time" is a float; SetValue was given a string`},
	} {
		e.Parameters[c.name].SetValue(c.v)
		err := r.dev.Err()
		if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SetValue(%s, %T): %v, want an ErrEffect saying %s", c.name, c.v, err, c.want)
		}
	}
	e.Parameters["Missing"].SetFloat(1)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("missing parameter: %v", err)
	}
	if _, err := e.Parameter("Missing"); err == nil || !strings.Contains(err.Error(), `"Missing"`) {
		t.Errorf("Parameter(Missing): %v", err)
	}
}

// TestE2_MissingVertexInputIsAnErrorNamingIt: drawing with a declaration
// that lacks an input the vertex shader reads is an error naming the
// input, before anything is recorded.
func TestE2_MissingVertexInputIsAnErrorNamingIt(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffect(r.dev, spv(t, "needs_normal.vert"), spv(t, "wave.frag"))
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	e.Apply()
	r.dev.SetVertexBuffer(r.vb) // position, normal, texture coordinate 0
	r.dev.SetIndices(r.ib)
	err = r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1)
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "inTexCoord1") {
		t.Fatalf("draw: %v, want an ErrEffect naming inTexCoord1", err)
	}
	verts := make([]graphics.VertexPositionColor, 3)
	err = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1)
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "inNormal") {
		t.Fatalf("draw: %v, want an ErrEffect naming inNormal", err)
	}
	if f := r.present(); len(f.Draws) != 0 {
		t.Errorf("%d draws recorded", len(f.Draws))
	}
	// The same shader with a declaration that has both draws.
	decl, err := graphics.NewVertexDeclaration(20,
		graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
		graphics.VertexElement{Offset: 12, Format: graphics.FormatColor, Usage: graphics.UsageNormal},
		graphics.VertexElement{Offset: 16, Format: graphics.FormatColor, Usage: graphics.UsageTextureCoordinate, UsageIndex: 1})
	must(t, err)
	vb, err := graphics.NewVertexBuffer(r.dev, decl, 3)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	e.Apply()
	r.dev.SetVertexBuffer(vb)
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
}

// TestE2_BadShadersAreErrors: bytes that are not SPIR-V, a fragment
// shader given as the vertex shader, a sprite effect drawn as a mesh.
func TestE2_BadShadersAreErrors(t *testing.T) {
	r := newRig(t)
	vert, frag := spv(t, "wave.vert"), spv(t, "wave.frag")
	for _, c := range []struct {
		v, f []byte
		want string
	}{
		{[]byte("#version 450\nvoid main() {}\n"), frag, "vertex shader is not SPIR-V"},
		{frag, frag, "no vert entry point"},
		{vert, vert, "no frag entry point"},
		{vert[:len(vert)/2], frag, "vertex shader"},
		{spv(t, "needs_normal.vert"), spv(t, "crt.frag"), "fragment input TexCoord (location 1) is not written"},
		{vert, spv(t, "crt.frag"), "different uniform blocks Params and Crt"},
	} {
		_, err := graphics.NewEffect(r.dev, c.v, c.f)
		if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewEffect: %v, want an ErrEffect saying %q", err, c.want)
		}
	}
	se, err := graphics.NewSpriteEffect(r.dev, spv(t, "crt.frag"))
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	se.Apply()
	err = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, make([]graphics.VertexPositionColorTexture, 3), 0, 1)
	if !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("sprite effect on a mesh: %v", err)
	}
	err = r.dev.DrawPrimitives(graphics.TriangleList, 0, 1)
	if err == nil {
		t.Error("sprite effect draw: no error")
	}
}

// TestE2_SpriteBatchRunsAnEffect: a sprite effect over a batch records
// Effect draws with the sprite's texture, positions already in clip space,
// and both *BasicEffect and *Effect go in SpriteBatchSettings.Effect.
func TestE2_SpriteBatchRunsAnEffect(t *testing.T) {
	r := newRig(t)
	se, err := graphics.NewSpriteEffect(r.dev, spv(t, "crt.frag"))
	must(t, err)
	se.Parameters["Strength"].SetValue(float32(0.5))
	se.Parameters["Tint"].SetValue(graphics.White)
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(100, 50))
	must(t, sb.BeginWith(graphics.SpriteBatchSettings{Effect: se}))
	sb.Draw(r.tex, mgl32.Vec2{50, 25}, graphics.White)
	sb.Draw(r.tex, mgl32.Vec2{0, 0}, graphics.White)
	must(t, sb.End())
	var none *graphics.BasicEffect // a typed nil is no effect, as before
	must(t, sb.BeginWith(graphics.SpriteBatchSettings{Effect: none}))
	sb.Draw(r.tex, mgl32.Vec2{0, 0}, graphics.White)
	must(t, sb.End())
	f := r.present()
	if len(f.Draws) != 2 {
		t.Fatalf("%d draws, want 2 (one per batch)", len(f.Draws))
	}
	d := f.Draws[0]
	if d.Pipeline.Effect != se.ID() || d.Texture != r.tex.ID() || d.Count != 12 {
		t.Fatalf("draw %+v", d)
	}
	if f.Draws[1].Pipeline.Effect != 0 {
		t.Errorf("second batch runs effect %d", f.Draws[1].Pipeline.Effect)
	}
	// The first sprite's top-left corner at pixel (50, 25) of 100x50 is
	// clip (0, 0).
	pos := f.Vertices[d.BaseVertex*24:]
	if x, y := f32At(pos, 0), f32At(pos, 4); x != 0 || y != 0 {
		t.Errorf("first corner at clip (%v, %v), want (0, 0)", x, y)
	}
	if got := f32At(f.EffectData[d.EffectBlock:], 0); got != 0.5 {
		t.Errorf("Strength %v", got)
	}
}

// TestE1_ThousandEffectDrawsAllocateNothing: a frame of 1,000 draws,
// each setting parameters with the typed setters and applying, allocates
// nothing once warm. SetValue's figure (Go boxes its argument) is logged.
func TestE1_ThousandEffectDrawsAllocateNothing(t *testing.T) {
	r := newRig(t)
	r.fb.Keep = false
	e := waveEffect(t, r)
	verts := []graphics.VertexPositionColor{{Color: graphics.White}, {Color: graphics.Red}, {Color: graphics.Blue}}
	vb, err := graphics.NewVertexBuffer(r.dev, graphics.VertexPositionColor{}.VertexDeclaration(), 3)
	must(t, err)
	must(t, graphics.SetVertexData(vb, 0, verts))
	wvp, time, tint := e.Parameters["WorldViewProjection"], e.Parameters["Time"], e.Parameters["Tint"]
	boxed := false
	frame := func() {
		_ = r.dev.BeginFrame(640, 480)
		r.dev.SetVertexBuffer(vb)
		for i := range 1000 {
			if boxed {
				wvp.SetValue(mgl32.Translate3D(float32(i), 0, 0))
				time.SetValue(float32(i))
			} else {
				wvp.SetMatrix(mgl32.Translate3D(float32(i), 0, 0))
				time.SetFloat(float32(i))
			}
			tint.SetVector4(mgl32.Vec4{1, 1, 1, 1})
			e.Apply()
			if err := r.dev.DrawPrimitives(graphics.TriangleList, 0, 1); err != nil {
				t.Fatal(err)
			}
		}
		f, _ := r.dev.EndFrame()
		if err := r.fb.Execute(f); err != nil {
			t.Fatal(err)
		}
	}
	frame()
	allocs := testing.AllocsPerRun(20, frame)
	t.Logf("a frame of 1,000 effect draws (SetMatrix, SetFloat, SetVector4, Apply, draw each): %v allocations", allocs)
	if allocs != 0 {
		t.Errorf("%v allocations per frame, want 0", allocs)
	}
	boxed = true
	t.Logf("the same with SetValue(mgl32.Mat4) and SetValue(float32): %v allocations (the caller's boxing)", testing.AllocsPerRun(5, frame))
}

// TestE3_AlphaTestEffectChecksItsInputs: AlphaTestEffect has XNA's
// defaults, needs a texture and a texture coordinate (an error naming
// them), and records its test function and reference in its block.
func TestE3_AlphaTestEffectChecksItsInputs(t *testing.T) {
	r := newRig(t)
	fx, err := graphics.NewAlphaTestEffect(r.dev)
	must(t, err)
	if fx.AlphaFunction != graphics.CompareGreater || fx.ReferenceAlpha != 0 || fx.Alpha != 1 {
		t.Errorf("defaults %v %d %v, want Greater, 0, 1", fx.AlphaFunction, fx.ReferenceAlpha, fx.Alpha)
	}
	must(t, r.dev.BeginFrame(64, 64))
	fx.Apply()
	verts := make([]graphics.VertexPositionTexture, 3)
	err = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1)
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), `"Texture"`) {
		t.Errorf("no texture: %v", err)
	}
	fx.Texture = r.tex
	fx.Apply()
	err = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, make([]graphics.VertexPositionColor, 3), 0, 1)
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "inTexCoord") {
		t.Errorf("no texture coordinate: %v", err)
	}
	fx.AlphaFunction, fx.ReferenceAlpha = graphics.CompareLess, 51
	fx.Apply()
	must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1))
	fx.VertexColorEnabled = true
	fx.Apply()
	err = graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, verts, 0, 1)
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "inColor") {
		t.Errorf("VertexColorEnabled without colours: %v", err)
	}
	f := r.present()
	b := f.EffectData[f.Draws[0].EffectBlock:]
	if fn, ref := binary.LittleEndian.Uint32(b[112:]), f32At(b, 116); fn != uint32(graphics.CompareLess) || ref != 0.2 {
		t.Errorf("block function %d reference %v", fn, ref)
	}
}

// TestE5_InstancedDrawsNeedAnEffectAndAnInstanceStream: an instanced draw
// records its instance stream and count; without a second stream, with
// BasicEffect, or with more instances than the stream holds it is an
// error.
func TestE5_InstancedDrawsNeedAnEffectAndAnInstanceStream(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewEffect(r.dev, spv(t, "instanced.vert"), spv(t, "cubes.frag"))
	must(t, err)
	decl, err := graphics.NewVertexDeclaration(16,
		graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsageTextureCoordinate, UsageIndex: 1},
		graphics.VertexElement{Offset: 12, Format: graphics.FormatColor, Usage: graphics.UsageColor, UsageIndex: 1})
	must(t, err)
	ivb, err := graphics.NewVertexBuffer(r.dev, decl, 10)
	must(t, err)
	must(t, r.dev.BeginFrame(64, 64))
	r.dev.SetIndices(r.ib)
	r.dev.SetVertexBuffer(r.vb)
	e.Apply()
	if err := r.dev.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 12, 10); !errors.Is(err, graphics.ErrNoVertexBuffer) {
		t.Errorf("no instance stream: %v", err)
	}
	r.dev.SetVertexBuffers(graphics.VertexBufferBinding{VertexBuffer: r.vb},
		graphics.VertexBufferBinding{VertexBuffer: ivb, InstanceFrequency: 1})
	if err := r.dev.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 12, 11); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("11 instances of 10: %v", err)
	}
	if err := r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "inTexCoord1") {
		t.Errorf("a plain draw of an instanced shader: %v", err)
	}
	must(t, r.dev.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 12, 10))
	r.fx.Apply()
	if err := r.dev.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 12, 10); !errors.Is(err, graphics.ErrEffect) {
		t.Errorf("BasicEffect: %v", err)
	}
	r.dev.SetVertexBuffers(graphics.VertexBufferBinding{VertexBuffer: ivb, InstanceFrequency: 1})
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("instance stream first: %v", err)
	}
	f := r.present()
	d := f.Draws[0]
	if d.InstanceCount != 10 || d.InstanceBuffer != ivb.ID() || d.Pipeline.Instance != decl {
		t.Errorf("draw instances %d buffer %d decl %+v", d.InstanceCount, d.InstanceBuffer, d.Pipeline.Instance)
	}
}
