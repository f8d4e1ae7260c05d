package graphics_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// animated loads one of modeltest's animated models and returns it with
// its document.
func animated(t testing.TB, r *rig, make func() (*gltf.Document, error)) (*graphics.Model, *gltf.Document) {
	t.Helper()
	doc, err := make()
	m := loadModel(t, r, saveModel(t, doc, err, "anim.glb", ""))
	return m, doc
}

func TestK1_ModelKeepsSkinsAndAnimations(t *testing.T) {
	r := newRig(t)
	m, _ := animated(t, r, modeltest.Chain)
	if m.Root.Node != -1 {
		t.Errorf("root bone's Node %d, want -1 (made by the loader)", m.Root.Node)
	}
	byName := map[string]*graphics.ModelBone{}
	for _, b := range m.Bones[1:] {
		byName[b.Name] = b
	}
	for name, node := range map[string]int{"chain": 0, "j0": 1, "j1": 2, "j2": 3} {
		if b := byName[name]; b == nil || b.Node != node {
			t.Errorf("bone %q: %+v, want Node %d", name, b, node)
		}
	}
	if len(m.Skins) != 1 {
		t.Fatalf("%d skins, want 1", len(m.Skins))
	}
	s := m.Skins[0]
	if s.Name != "chain" || len(s.Joints) != 3 || s.Joints[0] != byName["j0"] || s.Joints[2] != byName["j2"] || s.Skeleton != nil {
		t.Errorf("skin %+v, want chain of j0, j1, j2 without a skeleton", s)
	}
	if got := s.InverseBindMatrices[2]; got != mgl32.Translate3D(0, -2, 0) {
		t.Errorf("inverse bind 2 = %v, want a translation by -2 along Y", got)
	}
	if m.Meshes[0].Skin != s {
		t.Errorf("the mesh's skin is %p, want the file's %p", m.Meshes[0].Skin, s)
	}
	if len(m.Animations) != 2 || m.Animations[0].Name != "mixed" || m.Animations[1].Name != "sway" {
		t.Fatalf("animations %v, want mixed and sway", m.Animations)
	}
	mixed := m.Animations[0]
	if mixed.Duration != 2*time.Second || m.Animations[1].Duration != time.Second {
		t.Errorf("durations %v, %v; want 2s, 1s", mixed.Duration, m.Animations[1].Duration)
	}
	want := []struct {
		bone string
		path graphics.AnimationPath
		mode graphics.Interpolation
		keys int
	}{
		{"j1", graphics.PathTranslation, graphics.InterpolationLinear, 2},
		{"j1", graphics.PathRotation, graphics.InterpolationStep, 4},
		{"j1", graphics.PathScale, graphics.InterpolationCubicSpline, 3},
		{"j2", graphics.PathRotation, graphics.InterpolationCubicSpline, 2},
	}
	for i, w := range want {
		c := mixed.Channels[i]
		if c.Bone != byName[w.bone] || c.Path != w.path || c.Interpolation != w.mode || len(c.Times) != w.keys {
			t.Errorf("channel %d: %s %s %s %d keys; want %s %s %s %d", i, c.Bone.Name, c.Path, c.Interpolation, len(c.Times), w.bone, w.path, w.mode, w.keys)
		}
	}

	mc, _ := animated(t, r, modeltest.MorphCube)
	if p := mc.Meshes[0].MeshParts[0]; p.MorphTargets != 2 {
		t.Errorf("morph cube part has %d targets, want 2", p.MorphTargets)
	}
	if w := mc.Meshes[0].MorphWeights; len(w) != 2 || w[0] != 0.25 || w[1] != 0 {
		t.Errorf("default weights %v, want the mesh's [0.25 0]", w)
	}
	if c := mc.Animations[0].Channels[0]; c.Path != graphics.PathWeights || c.Width != 2 {
		t.Errorf("morph channel %s of width %d, want weights of 2", c.Path, c.Width)
	}
	if len(m.Warnings)+len(mc.Warnings) != 0 {
		t.Errorf("warnings %q %q, want none for clean files", m.Warnings, mc.Warnings)
	}
}

// key is a one-channel sampling case.
func channel(path graphics.AnimationPath, mode graphics.Interpolation, width int, times []float32, values ...float32) *graphics.AnimationChannel {
	return &graphics.AnimationChannel{Path: path, Interpolation: mode, Width: width, Times: times, Values: values}
}

func TestK2_SamplingIsGLTFs(t *testing.T) {
	lin := channel(graphics.PathTranslation, graphics.InterpolationLinear, 3, []float32{1, 3}, 0, 0, 0, 2, 4, 6)
	step := channel(graphics.PathScale, graphics.InterpolationStep, 3, []float32{1, 3}, 1, 1, 1, 2, 2, 2)
	// CUBICSPLINE: key 0 value 0, out-tangent 1; key 1 value 1, in-tangent 0 (one float wide via weights).
	cub := channel(graphics.PathWeights, graphics.InterpolationCubicSpline, 1, []float32{0, 2}, 9, 0, 1, 0, 1, 9)
	cases := []struct {
		name string
		c    *graphics.AnimationChannel
		t    float64
		want []float32
	}{
		{"linear before the first key holds it", lin, 0, []float32{0, 0, 0}},
		{"linear at the first key", lin, 1, []float32{0, 0, 0}},
		{"linear halfway", lin, 2, []float32{1, 2, 3}},
		{"linear after the last key holds it", lin, 10, []float32{2, 4, 6}},
		{"step holds the key before", step, 2.999, []float32{1, 1, 1}},
		{"step at the second key", step, 3, []float32{2, 2, 2}},
		// Hermite at u = 0.5, td = 2: h00 = 0.5, h10 = 0.125*2, h01 = 0.5, h11 = -0.125*2:
		// 0.5*0 + 0.25*1 + 0.5*1 - 0.25*0 = 0.75.
		{"cubic halfway scales the tangents by the interval", cub, 1, []float32{0.75}},
		{"cubic before the first key is its value, not a tangent", cub, -1, []float32{0}},
		{"cubic after the last key is its value", cub, 5, []float32{1}},
	}
	for _, c := range cases {
		got := make([]float32, c.c.Width)
		c.c.Sample(c.t, got)
		for i := range got {
			if math.Abs(float64(got[i]-c.want[i])) > 1e-6 {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
	// Rotations slerp along the shorter arc: from 10 degrees about Z to
	// 350 degrees stored as a quaternion on the far side, halfway is 0,
	// not 180.
	q := func(deg float64) (x, y, z, w float32) {
		s, c := math.Sincos(deg * math.Pi / 360)
		return 0, 0, float32(s), float32(c)
	}
	x0, y0, z0, w0 := q(10)
	x1, y1, z1, w1 := q(350)
	rot := channel(graphics.PathRotation, graphics.InterpolationLinear, 4, []float32{0, 1}, x0, y0, z0, w0, x1, y1, z1, w1)
	got := make([]float32, 4)
	rot.Sample(0.5, got)
	if math.Abs(float64(got[3])) < 0.9999 {
		t.Errorf("halfway from 10 to 350 degrees: %v, want the identity (the shorter arc through 0)", got)
	}
	// A rotation is normalized after sampling, even from unnormalized keys.
	un := channel(graphics.PathRotation, graphics.InterpolationStep, 4, []float32{0}, 0, 0, 0, 2)
	un.Sample(0, got)
	if got != nil && (got[3] != 1 || got[0] != 0) {
		t.Errorf("unnormalized key: %v, want (0 0 0 1)", got)
	}
}

// sampleTimes are the clip times the player is checked at: before the
// first key of the chain's translation (0.5 s), on keys, between them and
// after the last key of the shorter channels.
var sampleTimes = []time.Duration{0, 250 * time.Millisecond, 500 * time.Millisecond, 730 * time.Millisecond,
	time.Second, 1300 * time.Millisecond, 1800 * time.Millisecond, 1999 * time.Millisecond}

// checkSkin compares the player's skin 0 with the reference at clip time
// ct.
func checkSkin(t *testing.T, p *graphics.AnimationPlayer, ref *refModel, a *gltf.Animation, ct time.Duration, label string) {
	t.Helper()
	want := ref.joints(0, a, ct.Seconds())
	got := p.SkinTransforms(0)
	if len(got) != len(want) {
		t.Fatalf("%s: %d joint matrices, want %d", label, len(got), len(want))
	}
	for j := range want {
		if d, ok := closeMat(got[j], want[j], 1e-4); !ok {
			t.Errorf("%s: joint %d off by %.2g (relative):\n got %v\nwant %v", label, j, d, got[j], want[j])
			return
		}
	}
}

// TestK7_PlayerMatchesAnIndependentComputation: for each committed
// skinned model, the player's joint matrices at several clip times
// (before the first key, between keys, after the last) match the
// reference computation from the file read by the glTF library alone.
func TestK7_PlayerMatchesAnIndependentComputation(t *testing.T) {
	r := newRig(t)
	for _, name := range []string{"chain", "cylinder", "longskin"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("testdata", "animated", name+".glb")
			m := loadModel(t, r, file)
			doc, err := gltf.Open(file)
			must(t, err)
			ref := newRef(t, doc)
			p := graphics.NewAnimationPlayer(m)
			checkSkin(t, p, ref, nil, 0, "rest pose before StartClip")
			for ai, clip := range m.Animations {
				must(t, p.StartClip(clip))
				a := doc.Animations[ai]
				for _, ct := range sampleTimes {
					p.Update(ct, false, mgl32.Ident4())
					checkSkin(t, p, ref, a, p.CurrentTime(), fmt.Sprintf("%s at %v", clip.Name, ct))
				}
				// Looping: a time past the end wraps.
				p.Update(clip.Duration+300*time.Millisecond, false, mgl32.Ident4())
				if p.CurrentTime() != 300*time.Millisecond {
					t.Errorf("%s: looping time %v, want 300ms", clip.Name, p.CurrentTime())
				}
				checkSkin(t, p, ref, a, 300*time.Millisecond, clip.Name+" wrapped")
				// Not looping: past the last key every channel holds its last value.
				p.SetLooping(false)
				p.Update(5*time.Second, false, mgl32.Ident4())
				checkSkin(t, p, ref, a, 5*time.Second, clip.Name+" after the last key")
				p.SetLooping(true)
			}
		})
	}
}

// TestK7_CommittedModelsAreTheGenerators: testdata/animated holds what
// scripts/genmodels writes today (go run ./scripts/genmodels remakes it).
func TestK7_CommittedModelsAreTheGenerators(t *testing.T) {
	for _, g := range modeltest.AnimatedModels {
		doc, err := g.Make()
		file := saveModel(t, doc, err, g.Name+".glb", "")
		want, err := os.ReadFile(file)
		must(t, err)
		got, err := os.ReadFile(filepath.Join("testdata", "animated", g.Name+".glb"))
		must(t, err)
		if !bytes.Equal(got, want) {
			t.Errorf("testdata/animated/%s.glb differs from the generator's: run go run ./scripts/genmodels", g.Name)
		}
		if err := graphics.CheckModelFile(filepath.Join("testdata", "animated", g.Name+".glb")); err != nil {
			t.Errorf("CheckModelFile: %v", err)
		}
	}
}

func TestK7_MorphWeightsMatchTheReference(t *testing.T) {
	r := newRig(t)
	m, doc := animated(t, r, modeltest.MorphCube)
	ref := newRef(t, doc)
	p := graphics.NewAnimationPlayer(m)
	if w := p.MorphWeights(0); len(w) != 2 || w[0] != 0.25 {
		t.Errorf("rest weights %v, want the defaults [0.25 0]", w)
	}
	must(t, p.StartClip(m.Animations[0]))
	for _, ct := range append(sampleTimes, 3*time.Second) {
		p.Update(ct, false, mgl32.Ident4())
		want := ref.weights(0, doc.Animations[0], p.CurrentTime().Seconds())
		got := p.MorphWeights(0)
		for i := range want {
			if math.Abs(float64(got[i])-want[i]) > 1e-5 {
				t.Errorf("at %v: weights %v, want %v", ct, got, want)
				break
			}
		}
	}
}

func TestK3_PlayerShape(t *testing.T) {
	// The names and signatures checks outside the repository call.
	var (
		_ func(*graphics.Model) *graphics.AnimationPlayer                               = graphics.NewAnimationPlayer
		_ func(*graphics.AnimationPlayer, *graphics.AnimationClip) error                = (*graphics.AnimationPlayer).StartClip
		_ func(*graphics.AnimationPlayer, time.Duration, bool, mgl32.Mat4)              = (*graphics.AnimationPlayer).Update
		_ func(*graphics.AnimationPlayer, bool)                                         = (*graphics.AnimationPlayer).SetLooping
		_ func(*graphics.AnimationPlayer) *graphics.AnimationClip                       = (*graphics.AnimationPlayer).CurrentClip
		_ func(*graphics.AnimationPlayer) time.Duration                                 = (*graphics.AnimationPlayer).CurrentTime
		_ func(*graphics.AnimationPlayer) []mgl32.Mat4                                  = (*graphics.AnimationPlayer).BoneTransforms
		_ func(*graphics.AnimationPlayer) []mgl32.Mat4                                  = (*graphics.AnimationPlayer).WorldTransforms
		_ func(*graphics.AnimationPlayer, int) []mgl32.Mat4                             = (*graphics.AnimationPlayer).SkinTransforms
		_ func(*graphics.AnimationPlayer, int) []float32                                = (*graphics.AnimationPlayer).MorphWeights
		_ func(*graphics.AnimationPlayer, *graphics.AnimationClip, time.Duration) error = (*graphics.AnimationPlayer).CrossFade
	)
	r := newRig(t)
	m, _ := animated(t, r, modeltest.Chain)
	p := graphics.NewAnimationPlayer(m)
	if p.CurrentClip() != nil || p.CurrentTime() != 0 || len(p.BoneTransforms()) != len(m.Bones) || len(p.WorldTransforms()) != len(m.Bones) {
		t.Errorf("a new player: clip %v time %v, %d bone and %d world transforms; want none, 0, %d each",
			p.CurrentClip(), p.CurrentTime(), len(p.BoneTransforms()), len(p.WorldTransforms()), len(m.Bones))
	}
	// Relative updates add game time; world transforms carry the root.
	must(t, p.StartClip(m.Animations[1]))
	p.Update(100*time.Millisecond, true, mgl32.Ident4())
	p.Update(150*time.Millisecond, true, mgl32.Ident4())
	if p.CurrentTime() != 250*time.Millisecond || p.CurrentClip() != m.Animations[1] {
		t.Errorf("after 100ms + 150ms: %v of %q, want 250ms of sway", p.CurrentTime(), p.CurrentClip().Name)
	}
	local := append([]mgl32.Mat4(nil), p.WorldTransforms()...)
	root := mgl32.Translate3D(5, 0, 0)
	p.Update(250*time.Millisecond, false, root)
	for i, w := range p.WorldTransforms() {
		if !w.ApproxEqualThreshold(root.Mul4(local[i]), 1e-5) {
			t.Errorf("bone %d: world %v, want the root times %v", i, w, local[i])
		}
	}
	// A clip of another model, or nil, is an error.
	other, _ := animated(t, r, modeltest.Chain)
	if err := p.StartClip(other.Animations[0]); err == nil {
		t.Error("StartClip with another model's clip: nil error")
	}
	if err := p.CrossFade(nil, time.Second); err == nil {
		t.Error("CrossFade to nil: nil error")
	}
	if p.SkinTransforms(1) != nil || p.SkinTransforms(-1) != nil {
		t.Error("SkinTransforms out of range: want nil")
	}
	empty := graphics.NewAnimationPlayer(nil)
	empty.Update(time.Second, true, mgl32.Ident4())
	if err := empty.StartClip(m.Animations[0]); err == nil || len(empty.WorldTransforms()) != 0 {
		t.Errorf("a player of a nil model: StartClip %v, %d transforms; want an error and none", err, len(empty.WorldTransforms()))
	}
}

func TestK3_CrossFadeBlendsPerBone(t *testing.T) {
	r := newRig(t)
	m, _ := animated(t, r, modeltest.Chain)
	mixed, sway := m.Animations[0], m.Animations[1]
	a, b, p := graphics.NewAnimationPlayer(m), graphics.NewAnimationPlayer(m), graphics.NewAnimationPlayer(m)
	must(t, a.StartClip(mixed))
	must(t, b.StartClip(sway))
	must(t, p.StartClip(mixed))
	p.Update(400*time.Millisecond, false, mgl32.Ident4())
	must(t, p.CrossFade(sway, 300*time.Millisecond))
	if p.CurrentClip() != sway || p.CurrentTime() != 0 {
		t.Fatalf("after CrossFade: %q at %v, want sway at 0", p.CurrentClip().Name, p.CurrentTime())
	}
	// At the fade's start the pose is the old clip's, moving on.
	p.Update(0, false, mgl32.Ident4())
	a.Update(400*time.Millisecond, false, mgl32.Ident4())
	sameSkins(t, "fade start", p, a)
	// Halfway, j0 (driven by sway only, rest in mixed) is halfway between.
	p.Update(150*time.Millisecond, false, mgl32.Ident4())
	a.Update(550*time.Millisecond, false, mgl32.Ident4())
	b.Update(150*time.Millisecond, false, mgl32.Ident4())
	j0 := m.Skins[0].Joints[0].Index
	ra, rb, rp := mgl32.Mat4ToQuat(a.BoneTransforms()[j0]), mgl32.Mat4ToQuat(b.BoneTransforms()[j0]), mgl32.Mat4ToQuat(p.BoneTransforms()[j0])
	if want := mgl32.QuatSlerp(ra, rb, 0.5); !rp.ApproxEqualThreshold(want, 1e-4) && !rp.ApproxEqualThreshold(want.Scale(-1), 1e-4) {
		t.Errorf("halfway through the fade j0 turns %v, want the slerp %v", rp, want)
	}
	// After it, the pose is the new clip's alone.
	p.Update(400*time.Millisecond, false, mgl32.Ident4())
	b.Update(400*time.Millisecond, false, mgl32.Ident4())
	sameSkins(t, "after the fade", p, b)
}

func sameSkins(t *testing.T, label string, p, q *graphics.AnimationPlayer) {
	t.Helper()
	for j, m := range p.SkinTransforms(0) {
		if !m.ApproxEqualThreshold(q.SkinTransforms(0)[j], 1e-5) {
			t.Errorf("%s: joint %d %v, want %v", label, j, m, q.SkinTransforms(0)[j])
			return
		}
	}
}

func TestK5_PoseIsAPureFunctionOfClipTime(t *testing.T) {
	r := newRig(t)
	m, _ := animated(t, r, modeltest.Chain)
	step := 16666700 * time.Nanosecond // 166,667 ticks: the fixed step's 1/60 s
	stepped, direct := graphics.NewAnimationPlayer(m), graphics.NewAnimationPlayer(m)
	for _, p := range []*graphics.AnimationPlayer{stepped, direct} {
		must(t, p.StartClip(m.Animations[0]))
	}
	for n := 1; n <= 600; n++ {
		stepped.Update(step, true, mgl32.Ident4())
		if n%37 != 0 && n != 600 {
			continue
		}
		direct.Update(time.Duration(n)*step, false, mgl32.Ident4())
		if stepped.CurrentTime() != direct.CurrentTime() {
			t.Fatalf("after %d steps: %v, want %v", n, stepped.CurrentTime(), direct.CurrentTime())
		}
		for j, w := range stepped.SkinTransforms(0) {
			if w != direct.SkinTransforms(0)[j] {
				t.Fatalf("after %d steps joint %d differs bit for bit from one update to the same time:\n%v\n%v", n, j, w, direct.SkinTransforms(0)[j])
			}
		}
	}
}

func TestK6_UpdateAllocatesNothing(t *testing.T) {
	r := newRig(t)
	m, _ := animated(t, r, func() (*gltf.Document, error) { return modeltest.LongSkin(100) })
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	if n := testing.AllocsPerRun(100, func() { p.Update(16*time.Millisecond, true, mgl32.Ident4()) }); n != 0 {
		t.Errorf("Update allocates %v times per call, want 0", n)
	}
	c, _ := animated(t, r, modeltest.Chain)
	q := graphics.NewAnimationPlayer(c)
	must(t, q.StartClip(c.Animations[0]))
	must(t, q.CrossFade(c.Animations[1], time.Hour))
	if n := testing.AllocsPerRun(100, func() { q.Update(16*time.Millisecond, true, mgl32.Ident4()) }); n != 0 {
		t.Errorf("Update during a cross-fade allocates %v times per call, want 0", n)
	}
	mc, _ := animated(t, r, modeltest.MorphCube)
	w := graphics.NewAnimationPlayer(mc)
	must(t, w.StartClip(mc.Animations[0]))
	if n := testing.AllocsPerRun(100, func() { w.Update(16*time.Millisecond, true, mgl32.Ident4()) }); n != 0 {
		t.Errorf("Update of morph weights allocates %v times per call, want 0", n)
	}
}

// TestK3_PlayerOfAHandMadeModel: a model built in code (no file) with a
// channel of its own poses from its bones' transforms; a channel whose
// values do not fit its keys changes nothing instead of panicking.
func TestK3_PlayerOfAHandMadeModel(t *testing.T) {
	root := &graphics.ModelBone{Name: "root", Transform: mgl32.Ident4(), Node: -1}
	arm := &graphics.ModelBone{Name: "arm", Index: 1, Parent: root, Node: -1,
		Transform: mgl32.Translate3D(0, 2, 0).Mul4(mgl32.Scale3D(3, 3, 3))}
	root.Children = []*graphics.ModelBone{arm}
	m := &graphics.Model{Root: root, Bones: []*graphics.ModelBone{root, arm}}
	m.Animations = []*graphics.AnimationClip{{Name: "hand", Duration: time.Second, Channels: []*graphics.AnimationChannel{
		{Bone: arm, Path: graphics.PathTranslation, Width: 3, Times: []float32{0, 1}, Values: []float32{0, 1, 0, 0, 3, 0}},
		{Bone: arm, Path: graphics.PathRotation, Width: 4, Times: []float32{0, 1}, Values: []float32{0, 0, 0}}, // short
	}}}
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	p.Update(500*time.Millisecond, false, mgl32.Ident4())
	want := mgl32.Translate3D(0, 2, 0).Mul4(mgl32.Scale3D(3, 3, 3))
	if got := p.WorldTransforms()[1]; !got.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("arm at 0.5 s: %v, want the translation halfway and the bone's own scale %v", got, want)
	}
}

// TestK7_ExporterShapes: the shapes exporters write, as in Khronos'
// RiggedSimple: the skeleton under a node given by a matrix (COLLADA's
// Z-up turned Y-up), the skinned mesh's node moved (its transform is not
// applied, as glTF says) and keys that start after 0; the player matches
// the reference at times before the first key, between and after.
func TestK7_ExporterShapes(t *testing.T) {
	doc, err := modeltest.BentCylinder()
	must(t, err)
	zup := gltf.DefaultMatrix
	zup[5], zup[6], zup[9], zup[10] = 0, -1, 1, 0 // column-major: y -> -z, z -> y
	zup[12] = 0.5
	doc.Nodes = append(doc.Nodes, &gltf.Node{Name: "zup", Matrix: zup, Children: []int{1}})
	doc.Scenes[0].Nodes = []int{0, len(doc.Nodes) - 1}
	doc.Nodes[0].Translation = [3]float64{7, 7, 7}
	// The animation again, its keys starting at 1/24 s.
	doc.Animations = nil
	z, y := mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}
	q := func(axis mgl32.Vec3, deg float32) [4]float32 {
		r := mgl32.QuatRotate(mgl32.DegToRad(deg), axis)
		return [4]float32{r.V[0], r.V[1], r.V[2], r.W}
	}
	modeltest.Animate(doc, "late",
		modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{0.041666, 1.041666, 2.083333},
			Values: [][4]float32{q(z, 30), q(z, 90), q(z, 30)}},
		modeltest.Channel{Node: 1, Path: gltf.TRSRotation, Times: []float32{0.041666, 2.083333},
			Values: [][4]float32{q(y, 0), q(y, 90)}})
	r := newRig(t)
	m := loadModel(t, r, saveModel(t, doc, nil, "rigged.glb", ""))
	ref := newRef(t, doc)
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	p.SetLooping(false)
	for _, at := range []time.Duration{0, 20 * time.Millisecond, 41666 * time.Microsecond, 600 * time.Millisecond, 2 * time.Second, 3 * time.Second} {
		p.Update(at, false, mgl32.Ident4())
		checkSkin(t, p, ref, doc.Animations[0], p.CurrentTime(), fmt.Sprintf("at %v", at))
	}
	if d, want := m.Animations[0].Duration, time.Duration(math.Round(float64(float32(2.083333))*1e9)); d != want {
		t.Errorf("duration %v, want the last key's float32 time to the nanosecond, %v", d, want)
	}
}
