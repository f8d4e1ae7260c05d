package vulkan

import (
	"errors"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The K4 SkinnedEffect checks: a tube of four influences per vertex is
// skinned by graphics.SkinnedEffect on the GPU and, as a reference, by
// this file on the CPU (the same linear blend skinning, in float32, with
// the influences past WeightsPerVertex dropped as XNA's shaders drop
// them) and drawn with a BasicEffect of the same lights; the two pictures
// must agree within skinTol. Both run on lavapipe with validation on.

// skinTol: the two pictures differ only by float rounding (the GPU sums
// the weighted bone rows, then transforms; the CPU transforms by each bone,
// then sums; the normals are renormalized at different steps), which
// moves a few edge pixels across a triangle edge and the shading by a
// level or two. A pixel matches when no channel differs by more than
// skinChannelTol; at most skinBadFraction of the pixels may not.
const (
	skinChannelTol  = 4
	skinBadFraction = 0.004
)

// skinVertex is the tube's vertex: Byte4 joints, Vector4 weights.
type skinVertex struct {
	Position mgl32.Vec3
	Normal   mgl32.Vec3
	UV       mgl32.Vec2
	Joints   [4]uint8
	Weights  [4]float32
}

var skinVertexDecl = func() graphics.VertexDeclaration {
	d, err := graphics.NewVertexDeclaration(52,
		graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
		graphics.VertexElement{Offset: 12, Format: graphics.FormatVector3, Usage: graphics.UsageNormal},
		graphics.VertexElement{Offset: 24, Format: graphics.FormatVector2, Usage: graphics.UsageTextureCoordinate},
		graphics.VertexElement{Offset: 32, Format: graphics.FormatByte4, Usage: graphics.UsageBlendIndices},
		graphics.VertexElement{Offset: 36, Format: graphics.FormatVector4, Usage: graphics.UsageBlendWeight})
	if err != nil {
		panic(err)
	}
	return d
}()

// VertexDeclaration returns the tube vertex's layout.
func (skinVertex) VertexDeclaration() graphics.VertexDeclaration { return skinVertexDecl }

// skinTube returns a tube along +Y (radius 0.25, height 2) whose vertices
// have four influences each, the largest first, on joints base..base+3
// placed at heights 0, 2/3, 4/3 and 2.
func skinTube(base int) ([]skinVertex, []uint16) {
	const rings, sides = 17, 16
	var vs []skinVertex
	for r := range rings {
		y := 2 * float32(r) / (rings - 1)
		var w [4]float32
		sum := float32(0)
		for k := range 4 {
			d := y - 2*float32(k)/3
			w[k] = 1 / (0.15 + d*d)
			sum += w[k]
		}
		j := [4]uint8{0, 1, 2, 3}
		for a := range 4 { // largest weight first
			for b := a + 1; b < 4; b++ {
				if w[j[b]] > w[j[a]] {
					j[a], j[b] = j[b], j[a]
				}
			}
		}
		var sw [4]float32
		var sj [4]uint8
		for k := range 4 {
			sw[k] = w[j[k]] / sum
			sj[k] = j[k] + uint8(base)
		}
		for s := range sides + 1 {
			a := 2 * math.Pi * float64(s) / sides
			c, sn := float32(math.Cos(a)), float32(math.Sin(a))
			vs = append(vs, skinVertex{Position: mgl32.Vec3{0.25 * c, y, 0.25 * sn}, Normal: mgl32.Vec3{c, 0, sn},
				UV: mgl32.Vec2{float32(s) / sides, y / 2}, Joints: sj, Weights: sw})
		}
	}
	var idx []uint16
	for r := range rings - 1 {
		for s := range sides {
			a := uint16(r*(sides+1) + s)
			b := a + sides + 1
			idx = append(idx, a, a+1, b, a+1, b+1, b)
		}
	}
	return vs, idx
}

// skinBones returns n bone matrices: the identity except the four from
// base, which bend the tube about Z by angle per joint, each about its
// own height (world times inverse bind, as a player gives them).
func skinBones(n, base int, angle float32) []mgl32.Mat4 {
	bones := make([]mgl32.Mat4, n)
	for i := range bones {
		bones[i] = mgl32.Ident4()
	}
	world := mgl32.Ident4()
	for k := range 4 {
		h := 2 * float32(k) / 3
		local := mgl32.Translate3D(0, h, 0)
		if k > 0 {
			local = mgl32.Translate3D(0, 2.0/3, 0)
		}
		world = world.Mul4(local).Mul4(mgl32.HomogRotate3DZ(angle))
		bones[base+k] = world.Mul4(mgl32.Translate3D(0, -h, 0))
	}
	return bones
}

// cpuSkin skins the tube on the CPU with the first weights influences.
func cpuSkin(vs []skinVertex, bones []mgl32.Mat4, weights int) []graphics.VertexPositionNormalTexture {
	out := make([]graphics.VertexPositionNormalTexture, len(vs))
	for i, v := range vs {
		var p, n mgl32.Vec3
		for k := range weights {
			m, w := bones[v.Joints[k]], v.Weights[k]
			p = p.Add(m.Mul4x1(v.Position.Vec4(1)).Vec3().Mul(w))
			n = n.Add(m.Mat3().Mul3x1(v.Normal).Mul(w))
		}
		out[i] = graphics.VertexPositionNormalTexture{Position: p, Normal: n.Normalize(), TextureCoordinate: v.UV}
	}
	return out
}

// skinCamera is the tests' camera.
func skinCamera() (view, proj mgl32.Mat4) {
	proj, _ = graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 40)
	return graphics.CreateLookAt(mgl32.Vec3{0.3, 1.2, 3.6}, mgl32.Vec3{0.3, 1, 0}, mgl32.Vec3{0, 1, 0}), proj
}

// skinCase is one picture: the tube skinned on the GPU (gpu) or the CPU.
type skinCase struct {
	gpu      bool
	weights  int
	base     int     // first joint of the tube
	bones    int     // bones set
	angle    float32 // bend per joint
	perPixel bool
	textured bool
}

// drawSkinCase draws c into the frame.
func drawSkinCase(c *content, sc skinCase) error {
	if err := c.dev.Clear(background); err != nil {
		return err
	}
	vs, idx := skinTube(sc.base)
	bones := skinBones(sc.bones, sc.base, sc.angle)
	view, proj := skinCamera()
	world := mgl32.Translate3D(0.3, 0, 0)
	var tex *graphics.Texture2D
	if sc.textured {
		tex = c.checker
		c.dev.SetSamplerState(graphics.PointWrap)
	}
	if !sc.gpu {
		b := graphics.NewBasicEffect(c.dev)
		b.EnableDefaultLighting()
		b.PreferPerPixelLighting = sc.perPixel
		b.World, b.View, b.Projection = world, view, proj
		b.TextureEnabled, b.Texture = tex != nil, tex
		b.Apply()
		return graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, cpuSkin(vs, bones, sc.weights), idx, 0, len(idx)/3)
	}
	e, err := graphics.NewSkinnedEffect(c.dev)
	if err != nil {
		return err
	}
	e.EnableDefaultLighting()
	e.PreferPerPixelLighting = sc.perPixel
	e.World, e.View, e.Projection = world, view, proj
	e.Texture = tex
	e.WeightsPerVertex = sc.weights
	if err := e.SetBoneTransforms(bones); err != nil {
		return err
	}
	e.Apply()
	return graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, vs, idx, 0, len(idx)/3)
}

// skinPictures renders each case in its own frame on one renderer.
func skinPictures(t *testing.T, cases ...skinCase) []*image.RGBA {
	t.Helper()
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	imgs := make([]*image.RGBA, len(cases))
	onContent(t, g, func(c *content) error {
		for i, sc := range cases {
			img, err := c.frame(g, true, func() error { return drawSkinCase(c, sc) })
			if err != nil {
				return fmt.Errorf("case %+v: %w", sc, err)
			}
			imgs[i] = img
		}
		return nil
	})
	return imgs
}

// pictureDiff returns how many pixels of a and b differ by more than tol
// in a channel, and the largest channel difference.
func pictureDiff(a, b *image.RGBA, tol int) (bad, maxDiff int) {
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		worst := 0
		for k := range 3 {
			d := int(a.Pix[i+k]) - int(b.Pix[i+k])
			worst = max(worst, d, -d)
		}
		maxDiff = max(maxDiff, worst)
		if worst > tol {
			bad++
		}
	}
	return bad, maxDiff
}

// requireSame fails t unless the GPU picture matches the CPU one.
func requireSame(t *testing.T, what string, gpu, cpu *image.RGBA) {
	t.Helper()
	bad, worst := pictureDiff(gpu, cpu, skinChannelTol)
	total := gpu.Bounds().Dx() * gpu.Bounds().Dy()
	t.Logf("%s: %d of %d pixels differ by more than %d, largest difference %d", what, bad, total, skinChannelTol, worst)
	if float64(bad) > skinBadFraction*float64(total) {
		t.Errorf("%s: the GPU-skinned picture differs from the CPU-skinned one in %d pixels (allowed %.0f; largest channel difference %d)",
			what, bad, skinBadFraction*float64(total), worst)
	}
}

// requireDifferent fails t unless the two pictures differ clearly.
func requireDifferent(t *testing.T, what string, a, b *image.RGBA) {
	t.Helper()
	if bad, _ := pictureDiff(a, b, skinChannelTol); bad < 200 {
		t.Errorf("%s: only %d pixels differ: the GPU path does not skin", what, bad)
	}
}

// TestK4_SkinnedEffectMatchesCPUSkinning: WeightsPerVertex 1, 2 and 4,
// per-vertex and per-pixel lighting, with and without a texture: the
// GPU-skinned tube is the CPU-skinned one.
func TestK4_SkinnedEffectMatchesCPUSkinning(t *testing.T) {
	var cases []skinCase
	for _, w := range []int{1, 2, 4} {
		for _, pp := range []bool{false, true} {
			tex := w == 4 && !pp
			cases = append(cases, skinCase{gpu: true, weights: w, bones: 8, angle: 0.35, perPixel: pp, textured: tex},
				skinCase{gpu: false, weights: w, bones: 8, angle: 0.35, perPixel: pp, textured: tex})
		}
	}
	imgs := skinPictures(t, cases...)
	for i := 0; i < len(cases); i += 2 {
		requireSame(t, fmt.Sprintf("WeightsPerVertex %d, per pixel %v, textured %v", cases[i].weights, cases[i].perPixel, cases[i].textured), imgs[i], imgs[i+1])
	}
}

// TestK4_SkinnedEffectSkinsOnTheGPU: the pose and WeightsPerVertex change
// the GPU picture (a path that ignored the bones or the weights would
// draw the same tube every time).
func TestK4_SkinnedEffectSkinsOnTheGPU(t *testing.T) {
	imgs := skinPictures(t,
		skinCase{gpu: true, weights: 4, bones: 8, angle: 0.35},
		skinCase{gpu: true, weights: 4, bones: 8, angle: -0.2},
		skinCase{gpu: true, weights: 1, bones: 8, angle: 0.35},
		skinCase{gpu: true, weights: 4, bones: 8, angle: 0})
	requireDifferent(t, "two poses", imgs[0], imgs[1])
	requireDifferent(t, "WeightsPerVertex 4 and 1", imgs[0], imgs[2])
	requireDifferent(t, "a pose and the rest pose", imgs[0], imgs[3])
}

// TestK4_SkinnedEffectLargerPath: a tube on joints 200..203 of 256 bones
// (past XNA's 72) draws through the larger path as the CPU skins it; 72
// bones' shaders would read other bones.
func TestK4_SkinnedEffectLargerPath(t *testing.T) {
	imgs := skinPictures(t,
		skinCase{gpu: true, weights: 4, base: 200, bones: 256, angle: 0.35},
		skinCase{gpu: false, weights: 4, base: 200, bones: 256, angle: 0.35},
		skinCase{gpu: true, weights: 4, base: 0, bones: 8, angle: 0})
	requireSame(t, "joints 200..203", imgs[0], imgs[1])
	requireDifferent(t, "joints 200..203 bent and the rest pose", imgs[0], imgs[2])
}

// TestK4_SkinnedEffectBadSettingsAreErrors: a WeightsPerVertex of 3, more
// bones than MaxBonesLarge and lighting turned off are errors, not panics.
func TestK4_SkinnedEffectBadSettingsAreErrors(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		e, err := graphics.NewSkinnedEffect(c.dev)
		if err != nil {
			return err
		}
		if err := e.SetBoneTransforms(make([]mgl32.Mat4, graphics.MaxBonesLarge+1)); err == nil || !errors.Is(err, graphics.ErrTooLarge) {
			t.Errorf("257 bones: %v, want an error wrapping ErrTooLarge", err)
		}
		vs, idx := skinTube(0)
		_, err = c.frame(g, false, func() error {
			var errs []error
			for _, set := range []func(){func() { e.WeightsPerVertex = 3 }, func() { e.WeightsPerVertex = 4; e.SetLightingEnabled(false) }} {
				set()
				e.Apply()
				errs = append(errs, graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, vs, idx, 0, len(idx)/3))
			}
			e.SetLightingEnabled(true)
			e.Apply()
			if err := graphics.DrawUserIndexedPrimitives(c.dev, graphics.TriangleList, vs, idx, 0, len(idx)/3); err != nil {
				return fmt.Errorf("a good draw after the bad ones: %w", err)
			}
			for i, err := range errs {
				if err == nil || !errors.Is(err, graphics.ErrInvalid) {
					t.Errorf("bad setting %d: draw returned %v, want an error wrapping ErrInvalid", i, err)
				} else {
					t.Logf("bad setting %d: %v", i, err)
				}
			}
			return nil
		})
		return err
	})
}

// modelPictures draws testdata/animated/name.glb of engine/graphics posed
// at clip time at, seen from eye looking at target, skinned on the GPU
// (Model.DrawPose's path) and with CPUSkinning, each in its own frame.
func modelPictures(t *testing.T, name string, at time.Duration, eye, target mgl32.Vec3) (gpu, cpu *image.RGBA) {
	t.Helper()
	file := filepath.Join("..", "..", "engine", "graphics", "testdata", "animated", name+".glb")
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var imgs [2]*image.RGBA
	onContent(t, g, func(c *content) error {
		m, err := graphics.LoadModelFile(c.dev, file)
		if err != nil {
			return err
		}
		p := graphics.NewAnimationPlayer(m)
		if err := p.StartClip(m.Animations[0]); err != nil {
			return err
		}
		p.Update(at, false, mgl32.Ident4())
		proj, err := graphics.CreatePerspectiveFieldOfView(math.Pi/4, 160.0/120, 0.1, 40)
		if err != nil {
			return err
		}
		view := graphics.CreateLookAt(eye, target, mgl32.Vec3{0, 1, 0})
		for i, cpu := range []bool{false, true} {
			m.CPUSkinning = cpu
			imgs[i], err = c.frame(g, true, func() error {
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				return m.DrawPose(p, mgl32.Ident4(), view, proj)
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	return imgs[0], imgs[1]
}

// TestK4_GPUBentCylinderMatchesCPU: the bent two-bone cylinder at 0.5 s
// and 1 s, skinned by Model.DrawPose on the GPU, is the CPU-skinned
// picture (the K4 goldens' pose).
func TestK4_GPUBentCylinderMatchesCPU(t *testing.T) {
	for _, at := range []time.Duration{500 * time.Millisecond, time.Second} {
		gpu, cpu := modelPictures(t, "cylinder", at, mgl32.Vec3{0, 1.3, 3.5}, mgl32.Vec3{0, 1, 0})
		requireSame(t, fmt.Sprintf("cylinder at %v", at), gpu, cpu)
	}
}

// TestK4_GPULongSkinMatchesCPU: the 100-joint skin takes the larger path
// and draws as the CPU skins it.
func TestK4_GPULongSkinMatchesCPU(t *testing.T) {
	gpu, cpu := modelPictures(t, "longskin", time.Second, mgl32.Vec3{-1.9, 1, 8}, mgl32.Vec3{-1.9, 1, 0})
	requireSame(t, "longskin at 1 s", gpu, cpu)
}

// TestK4_GPUChainMatchesCPU: the chain of LINEAR, STEP and CUBICSPLINE
// channels, skinned on the GPU, is the CPU-skinned picture.
func TestK4_GPUChainMatchesCPU(t *testing.T) {
	gpu, cpu := modelPictures(t, "chain", 700*time.Millisecond, mgl32.Vec3{0, 1.5, 6}, mgl32.Vec3{0, 1.5, 0})
	requireSame(t, "chain at 0.7 s", gpu, cpu)
}
