package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// skinnedVertex is a vertex SkinnedEffect draws: Byte4 joints.
type skinnedVertex struct {
	Position mgl32.Vec3
	Normal   mgl32.Vec3
	UV       mgl32.Vec2
	Joints   [4]uint8
	Weights  [4]float32
}

var skinnedDecl, _ = graphics.NewVertexDeclaration(52,
	graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
	graphics.VertexElement{Offset: 12, Format: graphics.FormatVector3, Usage: graphics.UsageNormal},
	graphics.VertexElement{Offset: 24, Format: graphics.FormatVector2, Usage: graphics.UsageTextureCoordinate},
	graphics.VertexElement{Offset: 32, Format: graphics.FormatByte4, Usage: graphics.UsageBlendIndices},
	graphics.VertexElement{Offset: 36, Format: graphics.FormatVector4, Usage: graphics.UsageBlendWeight})

func (skinnedVertex) VertexDeclaration() graphics.VertexDeclaration { return skinnedDecl }

var skinnedTri = []skinnedVertex{
	{Position: mgl32.Vec3{0, 0, 0}, Weights: [4]float32{1}},
	{Position: mgl32.Vec3{1, 0, 0}, Joints: [4]uint8{1}, Weights: [4]float32{1}},
	{Position: mgl32.Vec3{0, 1, 0}, Joints: [4]uint8{2, 1}, Weights: [4]float32{0.5, 0.5}},
}

// drawSkinned applies e and draws the triangle in a frame; it returns the
// record and the draw's error.
func drawSkinned(t *testing.T, r *rig, e *graphics.SkinnedEffect) (graphics.Frame, error) {
	t.Helper()
	must(t, r.dev.BeginFrame(64, 64))
	e.Apply()
	err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skinnedTri, 0, 1)
	r.present()
	return r.last(), err
}

// TestK4_SkinnedEffectShape: XNA's defaults and members; the bones reach
// the draw's block as the three rows of each matrix after the lighting
// block; a skin past MaxBones takes the larger block; too many bones and
// a WeightsPerVertex of 3 are errors naming what to change.
func TestK4_SkinnedEffectShape(t *testing.T) {
	r := newRig(t)
	e, err := graphics.NewSkinnedEffect(r.dev)
	must(t, err)
	if graphics.MaxBones != 72 || graphics.MaxBonesLarge < 256 {
		t.Fatalf("MaxBones %d, MaxBonesLarge %d: want 72 and at least 256", graphics.MaxBones, graphics.MaxBonesLarge)
	}
	if e.WeightsPerVertex != 4 || e.Alpha != 1 || e.SpecularPower != 16 || e.DiffuseColor != (mgl32.Vec3{1, 1, 1}) ||
		!e.DirectionalLight0.Enabled || e.DirectionalLight1.Enabled || e.FogEnd != 1 || e.World != mgl32.Ident4() || !e.GetLightingEnabled() {
		t.Errorf("defaults %+v: want XNA's", e)
	}
	for i, b := range e.GetBoneTransforms(graphics.MaxBones) {
		if b != mgl32.Ident4() {
			t.Fatalf("bone %d is %v at first, want the identity", i, b)
		}
	}
	if e.GetBoneTransforms(0) != nil || e.GetBoneTransforms(graphics.MaxBonesLarge+1) != nil {
		t.Error("GetBoneTransforms(0) or (MaxBonesLarge+1) is not nil")
	}
	var lights graphics.IEffectLights = e
	lights.EnableDefaultLighting()
	if e.AmbientLightColor == (mgl32.Vec3{}) || !e.DirectionalLight2.Enabled {
		t.Error("EnableDefaultLighting did not set XNA's rig")
	}
	var _ graphics.IEffectMatrices = e
	var _ graphics.IEffectFog = e

	bones := []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(1, 2, 3), mgl32.HomogRotate3DZ(0.5)}
	must(t, e.SetBoneTransforms(bones))
	if got := e.GetBoneTransforms(3); got[1] != bones[1] || got[2] != bones[2] {
		t.Errorf("GetBoneTransforms(3) = %v, want %v", got, bones)
	}
	f, err := drawSkinned(t, r, e)
	must(t, err)
	d := f.Draws[len(f.Draws)-1]
	block := f.EffectData[d.EffectBlock:]
	row := func(b, r int) mgl32.Vec4 {
		o := graphics.EffectUniformsSize + 48*b + 16*r
		return mgl32.Vec4{f32At(block, o), f32At(block, o+4), f32At(block, o+8), f32At(block, o+12)}
	}
	if got := row(1, 0); got != (mgl32.Vec4{1, 0, 0, 1}) {
		t.Errorf("bone 1 row 0 in the block: %v, want (1 0 0 1)", got)
	}
	if got := row(1, 2); got != (mgl32.Vec4{0, 0, 1, 3}) {
		t.Errorf("bone 1 row 2 in the block: %v, want (0 0 1 3)", got)
	}
	if got, want := row(2, 0), bones[2].Row(0); got != want {
		t.Errorf("bone 2 row 0 in the block: %v, want %v", got, want)
	}
	if w := f.EffectData[d.EffectBlock+graphics.EffectUniformsSize-48+4]; w != 4 { // Flags.y
		t.Errorf("WeightsPerVertex in the block: %d, want 4", w)
	}
	small := d.Pipeline.Effect

	// Bone 100: the larger path.
	many := make([]mgl32.Mat4, 101)
	for i := range many {
		many[i] = mgl32.Translate3D(float32(i), 0, 0)
	}
	must(t, e.SetBoneTransforms(many))
	f, err = drawSkinned(t, r, e)
	must(t, err)
	d = f.Draws[len(f.Draws)-1]
	if d.Pipeline.Effect == small {
		t.Error("101 bones drew with the 72-bone shaders")
	}
	if at := d.EffectBlock + graphics.EffectUniformsSize + 48*101; at > len(f.EffectData) {
		t.Fatalf("the larger block ends before bone 100 (record's effect data %d bytes, block at %d)", len(f.EffectData), d.EffectBlock)
	}
	if got := f32At(f.EffectData[d.EffectBlock:], graphics.EffectUniformsSize+48*100+12); got != 100 {
		t.Errorf("bone 100's x translation in the larger block: %v, want 100", got)
	}

	err = e.SetBoneTransforms(make([]mgl32.Mat4, graphics.MaxBonesLarge+1))
	if err == nil || !errors.Is(err, graphics.ErrTooLarge) || !strings.Contains(err.Error(), "at most 256") {
		t.Errorf("257 bones: %v, want ErrTooLarge naming the limit 256", err)
	}
	e.WeightsPerVertex = 3
	_, err = drawSkinned(t, r, e)
	if err == nil || !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), "1, 2 or 4") {
		t.Errorf("WeightsPerVertex 3: draw returned %v, want ErrInvalid saying 1, 2 or 4", err)
	}
	e.WeightsPerVertex = 2
	_, err = drawSkinned(t, r, e)
	must(t, err)
	e.Dispose()
}

// BenchmarkK4_SkinnedEffectApplyAndDraw: the recording cost of one
// SkinnedEffect draw (Apply: the lighting block and every bone set written
// into the block and snapshot; the draw: the block copied into the
// record) with 64 bones (the 72-bone block, 3.9 KB) and 200 bones (the
// larger block, 12.7 KB), against a BasicEffect draw (448 bytes).
func BenchmarkK4_SkinnedEffectApplyAndDraw(b *testing.B) {
	for _, n := range []int{0, 64, 200} {
		b.Run(map[int]string{0: "basic", 64: "bones64", 200: "bones200"}[n], func(b *testing.B) {
			r := newRig(b)
			r.fb.Keep = false
			e, err := graphics.NewSkinnedEffect(r.dev)
			must(b, err)
			bones := make([]mgl32.Mat4, n)
			for i := range bones {
				bones[i] = mgl32.Translate3D(float32(i), 0, 0)
			}
			must(b, e.SetBoneTransforms(bones))
			basic := graphics.NewBasicEffect(r.dev)
			basic.EnableDefaultLighting()
			tri := []graphics.VertexPositionNormalTexture{{}, {Position: mgl32.Vec3{1, 0, 0}}, {Position: mgl32.Vec3{0, 1, 0}}}
			frame := func() {
				must(b, r.dev.BeginFrame(64, 64))
				for range 100 {
					if n == 0 {
						basic.Apply()
						must(b, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, tri, 0, 1))
					} else {
						e.Apply()
						must(b, graphics.DrawUserPrimitives(r.dev, graphics.TriangleList, skinnedTri, 0, 1))
					}
				}
				f, err := r.dev.EndFrame()
				must(b, err)
				must(b, r.fb.Execute(f))
			}
			frame()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				frame()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/draw")
		})
	}
}
