package graphics_test

import (
	"encoding/binary"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// drawnVertices draws m posed by p into one frame and returns the
// positions of the first draw's vertices as the fake recorded them: from
// the arena (CPU skinning), or skinned here from what a SkinnedEffect draw
// hands the GPU (the vertex buffer's positions, joints and weights, the
// block's bone rows).
func drawnPositions(t *testing.T, r *rig, m *graphics.Model, p *graphics.AnimationPlayer) ([]mgl32.Vec3, graphics.Draw) {
	t.Helper()
	must(t, r.dev.BeginFrame(64, 64))
	must(t, m.DrawPose(p, mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()))
	f := r.present()
	if len(f.Draws) == 0 {
		t.Fatal("no draw recorded")
	}
	d := f.Draws[0]
	if d.VertexBuffer != 0 && d.Pipeline.Effect != 0 {
		return gpuSkinned(t, r, f, d), d
	}
	if d.VertexBuffer != 0 {
		return nil, d
	}
	stride := d.Pipeline.Vertex.Stride
	var out []mgl32.Vec3
	// The arena holds the part's vertices from VertexOffset; read as many as the model has.
	n := m.Meshes[0].MeshParts[0].NumVertices
	for v := range n {
		o := d.VertexOffset + v*stride
		var p mgl32.Vec3
		for k := range 3 {
			p[k] = math.Float32frombits(binary.LittleEndian.Uint32(f.Vertices[o+4*k:]))
		}
		out = append(out, p)
	}
	return out, d
}

// gpuSkinned skins the vertices of SkinnedEffect draw d as its shader
// does: the vertex buffer's Short4 joints and Vector4 weights, the bone
// rows after the block's 448-byte header.
func gpuSkinned(t *testing.T, r *rig, f *graphics.Frame, d graphics.Draw) []mgl32.Vec3 {
	t.Helper()
	vb := r.fb.Buffers[d.VertexBuffer]
	if vb == nil || d.Pipeline.Vertex.Stride != 56 {
		t.Fatalf("SkinnedEffect draw of vertex buffer %d, stride %d: want the part's skinned buffer (56 bytes a vertex)", d.VertexBuffer, d.Pipeline.Vertex.Stride)
	}
	f32 := func(b []byte, o int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[o:])) }
	bones := f.EffectData[d.EffectBlock+graphics.EffectUniformsSize:]
	var out []mgl32.Vec3
	for o := 0; o+56 <= len(vb.Data); o += 56 {
		v := vb.Data[o:]
		pos := mgl32.Vec4{f32(v, 0), f32(v, 4), f32(v, 8), 1}
		var q mgl32.Vec3
		for k := range 4 {
			j := int(int16(binary.LittleEndian.Uint16(v[32+2*k:])))
			w := f32(v, 40+4*k)
			for row := range 3 {
				b := 48*j + 16*row
				q[row] += w * mgl32.Vec4{f32(bones, b), f32(bones, b+4), f32(bones, b+8), f32(bones, b+12)}.Dot(pos)
			}
		}
		out = append(out, q)
	}
	return out
}

// TestK4_DrawPoseSkinsTheVertices: a skinned mesh drawn in a pose has
// each vertex where the reference's joint matrices, blended by the
// vertex's weights, put it: skinned on the CPU (CPUSkinning) and by what
// the GPU path hands the SkinnedEffect.
func TestK4_DrawPoseSkinsTheVertices(t *testing.T) {
	for _, cpu := range []bool{true, false} {
		t.Run(map[bool]string{true: "cpu", false: "gpu"}[cpu], func(t *testing.T) { drawPoseSkins(t, cpu) })
	}
}

func drawPoseSkins(t *testing.T, cpu bool) {
	r := newRig(t)
	file := filepath.Join("testdata", "animated", "cylinder.glb")
	m := loadModel(t, r, file)
	m.CPUSkinning = cpu
	doc, err := gltf.Open(file)
	must(t, err)
	ref := newRef(t, doc)
	prim := doc.Meshes[0].Primitives[0]
	pos, err := modeler.ReadPosition(doc, doc.Accessors[prim.Attributes[gltf.POSITION]], nil)
	must(t, err)
	joints, err := modeler.ReadJoints(doc, doc.Accessors[prim.Attributes[gltf.JOINTS_0]], nil)
	must(t, err)
	weights, err := modeler.ReadWeights(doc, doc.Accessors[prim.Attributes[gltf.WEIGHTS_0]], nil)
	must(t, err)
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	for _, at := range []time.Duration{0, 700 * time.Millisecond, 1500 * time.Millisecond} {
		p.Update(at, false, mgl32.Ident4())
		got, d := drawnPositions(t, r, m, p)
		if got == nil {
			t.Fatalf("at %v: the skinned part was drawn from its static vertex buffer %d", at, d.VertexBuffer)
		}
		if gpu := d.Pipeline.Effect != 0; gpu == cpu {
			t.Fatalf("at %v: CPUSkinning %v, but the draw's effect is %d", at, cpu, d.Pipeline.Effect)
		}
		js := ref.joints(0, doc.Animations[0], at.Seconds())
		for v := range pos {
			var s mgl64.Mat4
			for k := range 4 {
				s = s.Add(js[joints[v][k]].Mul(float64(weights[v][k])))
			}
			want := s.Mul4x1(mgl64.Vec4{float64(pos[v][0]), float64(pos[v][1]), float64(pos[v][2]), 1})
			for k := range 3 {
				if math.Abs(float64(got[v][k])-want[k]) > 1e-4 {
					t.Fatalf("at %v vertex %d drawn at %v, want %v", at, v, got[v], want.Vec3())
				}
			}
		}
	}
}

// TestK4_DrawPoseMorphs: the morphing cube's vertices move by the
// player's weights times the targets' offsets.
func TestK4_DrawPoseMorphs(t *testing.T) {
	r := newRig(t)
	m := loadModel(t, r, filepath.Join("testdata", "animated", "morphcube.glb"))
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	p.Update(1500*time.Millisecond, false, mgl32.Ident4()) // weights (0.5, 0.5)
	got, _ := drawnPositions(t, r, m, p)
	if got == nil {
		t.Fatal("the morphing part was drawn from its static vertex buffer")
	}
	for v, q := range got {
		// The unit box: x ±0.5 widened by 0.5*x (target 1), the top lifted 0.5*0.5 (target 0).
		wantX := float32(0.75)
		if q[0] < 0 {
			wantX = -0.75
		}
		wantY := float32(-0.5)
		if q[1] > 0 {
			wantY = 0.75
		}
		if math.Abs(float64(q[0]-wantX)) > 1e-5 || math.Abs(float64(q[1]-wantY)) > 1e-5 {
			t.Fatalf("vertex %d at %v, want x %v y %v", v, q, wantX, wantY)
		}
	}
}

// TestK6_DrawPoseAllocatesNothing: updating and drawing 100 characters
// posed by their own players, sharing one model, allocates nothing per
// frame, skinned on the GPU and on the CPU.
func TestK6_DrawPoseAllocatesNothing(t *testing.T) {
	for _, cpu := range []bool{false, true} {
		t.Run(map[bool]string{true: "cpu", false: "gpu"}[cpu], func(t *testing.T) { drawPoseAllocs(t, cpu) })
	}
}

func drawPoseAllocs(t *testing.T, cpu bool) {
	r := newRig(t)
	r.fb.Keep = false
	m := loadModel(t, r, filepath.Join("testdata", "animated", "chain.glb"))
	m.CPUSkinning = cpu
	players := make([]*graphics.AnimationPlayer, 100)
	for i := range players {
		players[i] = graphics.NewAnimationPlayer(m)
		must(t, players[i].StartClip(m.Animations[i%2]))
	}
	frame := func() {
		must(t, r.dev.BeginFrame(640, 480))
		for i, p := range players {
			p.Update(16*time.Millisecond, true, mgl32.Ident4())
			must(t, m.DrawPose(p, mgl32.Translate3D(float32(i), 0, 0), mgl32.Ident4(), mgl32.Ident4()))
		}
		f, err := r.dev.EndFrame()
		must(t, err)
		must(t, r.fb.Execute(f))
	}
	frame()
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame of 100 posed characters, want 0", n)
	}
}

// TestK4_DrawUsesTheModelsPlayer: Model.Draw with Player set draws the
// player's pose; rigid meshes follow their animated bones.
func TestK4_DrawUsesTheModelsPlayer(t *testing.T) {
	r := newRig(t)
	m := loadModel(t, r, filepath.Join("testdata", "animated", "cylinder.glb"))
	p := graphics.NewAnimationPlayer(m)
	must(t, p.StartClip(m.Animations[0]))
	p.Update(time.Second, false, mgl32.Ident4())
	m.Player = p
	must(t, r.dev.BeginFrame(64, 64))
	must(t, m.Draw(mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()))
	f := r.present()
	if len(f.Draws) != 1 || f.Draws[0].VertexBuffer != 0 && f.Draws[0].Pipeline.Effect == 0 {
		t.Fatalf("draws %+v: want one, of posed vertices from the arena or skinned by a SkinnedEffect", f.Draws)
	}
	other := loadModel(t, r, filepath.Join("testdata", "animated", "cylinder.glb"))
	if err := other.DrawPose(p, mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()); err == nil {
		t.Error("DrawPose with another model's player: nil error")
	}
}
