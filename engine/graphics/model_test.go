package graphics_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// saveModel writes doc into a temporary folder as name and returns the
// file's path.
func saveModel(t testing.TB, doc *gltf.Document, err error, name, binURI string) string {
	t.Helper()
	must(t, err)
	file := filepath.Join(t.TempDir(), name)
	must(t, modeltest.Save(doc, file, binURI))
	return file
}

func loadModel(t testing.TB, r *rig, file string) *graphics.Model {
	t.Helper()
	m, err := graphics.LoadModelFile(r.dev, file)
	must(t, err)
	return m
}

func TestM1_BoxLoadsAsXNAShapes(t *testing.T) {
	for _, name := range []string{"box.glb", "box.gltf"} {
		t.Run(name, func(t *testing.T) {
			r := newRig(t)
			doc, err := modeltest.Box()
			m := loadModel(t, r, saveModel(t, doc, err, name, ""))
			if len(m.Bones) != 2 || m.Root != m.Bones[0] || m.Bones[1].Parent != m.Root || m.Bones[1].Name != "box" {
				t.Fatalf("bones %+v, want the root and the box", m.Bones)
			}
			if len(m.Meshes) != 1 || len(m.Meshes[0].MeshParts) != 1 || len(m.Meshes[0].Effects) != 1 {
				t.Fatalf("meshes %+v, want one of one part", m.Meshes)
			}
			mesh := m.Meshes[0]
			p := mesh.MeshParts[0]
			if p.PrimitiveCount != 12 || p.NumVertices != 24 || p.StartIndex != 0 || p.VertexOffset != 0 || p.PrimitiveType != graphics.TriangleList {
				t.Errorf("part %+v, want 12 triangles of 24 vertices", p)
			}
			if p.IndexBuffer.IndexElementSize() != graphics.SixteenBits {
				t.Errorf("index size %v, want 16 bits", p.IndexBuffer.IndexElementSize())
			}
			// The winding is converted: the indices are the XNA cube's (clockwise).
			_, want := graphics.Cube()
			got := make([]uint16, 36)
			_, err = graphics.GetIndexData(p.IndexBuffer, 0, got)
			must(t, err)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("indices %v, want XNA's clockwise cube %v", got, want)
				}
			}
			if s := mesh.BoundingSphere; s.Center.Len() > 1e-6 || mgl32.Abs(s.Radius-0.8660254) > 1e-5 {
				t.Errorf("bounding sphere %+v, want the origin and sqrt(3)/2", s)
			}
			e := p.Effect
			if !e.LightingEnabled || e.TextureEnabled || e.VertexColorEnabled || e.DiffuseColor != (mgl32.Vec3{1, 0.55, 0.1}) || e.Alpha != 1 {
				t.Errorf("effect %+v, want lit orange", e)
			}
			if p.BlendState != graphics.Opaque || p.RasterizerState != graphics.CullCounterClockwise {
				t.Errorf("states %v %v, want Opaque and CullCounterClockwise", p.BlendState, p.RasterizerState)
			}
			mat, ok := p.Tag.(*graphics.ModelMaterial)
			if !ok || mat.Name != "orange" || mat.MetallicFactor != 0 || mat.RoughnessFactor != 0.5 || mat.AlphaMode != "OPAQUE" {
				t.Errorf("tag %+v, want the orange material's PBR fields", p.Tag)
			}
		})
	}
}

func TestM1_HierarchyAbsoluteTransforms(t *testing.T) {
	r := newRig(t)
	doc, err := modeltest.Hierarchy()
	m := loadModel(t, r, saveModel(t, doc, err, "chain.gltf", ""))
	if len(m.Bones) != 4 {
		t.Fatalf("%d bones, want root, base, arm, hand", len(m.Bones))
	}
	for i, name := range []string{"Root Scene", "base", "arm", "hand"} {
		b := m.Bones[i]
		if b.Name != name || b.Index != i || (i > 0 && b.Parent != m.Bones[i-1]) {
			t.Errorf("bone %d: %q, index %d, parent %v; want %q under bone %d", i, b.Name, b.Index, b.Parent, name, i-1)
		}
	}
	abs := make([]mgl32.Mat4, len(m.Bones))
	must(t, m.CopyAbsoluteBoneTransformsTo(abs))
	arm := mgl32.Translate3D(0, 1, 0).Mul4(mgl32.HomogRotate3DY(mgl32.DegToRad(45))).Mul4(mgl32.Scale3D(0.5, 0.5, 0.5))
	hand := arm.Mul4(mgl32.Translate3D(1.5, 0, 0))
	for i, want := range []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4(), arm, hand} {
		if !abs[i].ApproxEqualThreshold(want, 1e-5) {
			t.Errorf("bone %d absolute\n%v\nwant\n%v", i, abs[i], want)
		}
	}
	if err := m.CopyAbsoluteBoneTransformsTo(abs[:2]); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("too short a slice: %v, want ErrOutOfRange", err)
	}
	// The base's sphere (radius 0.87 at the origin) merged with the
	// hand's (0.22 around (0.53, 1, -0.53)).
	s := m.BoundingSphere()
	if s.Radius < 1.25 || s.Radius > 1.35 {
		t.Errorf("model sphere %+v: want a radius of about 1.31 (the three boxes)", s)
	}
	for i, mesh := range m.Meshes {
		if mesh.ParentBone != m.Bones[i+1] {
			t.Errorf("mesh %d on bone %v, want %d", i, mesh.ParentBone, i+1)
		}
	}
}

func TestM1_TwoMaterialsAndBlend(t *testing.T) {
	r := newRig(t)
	doc, err := modeltest.TwoMaterials()
	m := loadModel(t, r, saveModel(t, doc, err, "pair.glb", ""))
	parts := m.Meshes[0].MeshParts
	if len(parts) != 2 {
		t.Fatalf("%d parts, want 2", len(parts))
	}
	if parts[0].BlendState != graphics.Opaque || parts[1].BlendState != graphics.AlphaBlend || parts[1].RasterizerState != graphics.CullNone {
		t.Errorf("states %v/%v, want Opaque, then AlphaBlend without culling", parts[0].BlendState, parts[1].BlendState)
	}
	if a := parts[1].Effect.Alpha; a != 0.5 {
		t.Errorf("blended alpha %v, want 0.5", a)
	}
	// Drawing restores the device's states and records two draws.
	must(t, r.dev.BeginFrame(64, 64))
	r.dev.SetBlendState(graphics.Additive)
	must(t, m.Draw(mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()))
	if r.dev.BlendState() != graphics.Additive || r.dev.RasterizerState() != graphics.CullCounterClockwise {
		t.Errorf("after Draw: %v, %v; want the device's own states back", r.dev.BlendState(), r.dev.RasterizerState())
	}
	f := r.present()
	if len(f.Draws) != 2 || f.Draws[1].Pipeline.Blend != graphics.AlphaBlend {
		t.Errorf("draws %+v, want two, the second alpha-blended", f.Draws)
	}
}

func TestM1_SeparateFilesWithSpaces(t *testing.T) {
	r := newRig(t)
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "check er.png"), modeltest.Checker(8), 0o644))
	doc, err := modeltest.TexturedBox("check%20er.png")
	must(t, err)
	file := filepath.Join(dir, "textured.gltf")
	must(t, modeltest.Save(doc, file, "Box%20With%20Spaces.bin"))
	if _, err := os.Stat(filepath.Join(dir, "Box With Spaces.bin")); err != nil {
		t.Fatal(err)
	}
	must(t, graphics.CheckModelFile(file))
	m := loadModel(t, r, file)
	e := m.Meshes[0].Effects[0]
	if !e.TextureEnabled || e.Texture == nil || e.Texture.Width() != 8 {
		t.Fatalf("effect %+v, want the 8x8 checker", e)
	}
	// The same texture stored in the buffer.
	doc, err = modeltest.TexturedBox("")
	m = loadModel(t, r, saveModel(t, doc, err, "textured.glb", ""))
	if e := m.Meshes[0].Effects[0]; e.Texture == nil || e.Texture.Height() != 8 {
		t.Fatalf("embedded image: effect %+v, want the 8x8 checker", e)
	}
}

func TestM1_StripsFansLinesAndMissingNormals(t *testing.T) {
	r := newRig(t)
	doc := gltf.NewDocument()
	doc.Buffers = []*gltf.Buffer{{}}
	quad := [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}
	pos := writeRaw(doc, quad)
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{
		{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}, Mode: gltf.PrimitiveTriangleStrip},
		{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}, Mode: gltf.PrimitiveTriangleFan},
		{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: pos}, Mode: gltf.PrimitiveLineLoop},
	}}}
	doc.Nodes = []*gltf.Node{{Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	m := loadModel(t, r, saveModel(t, doc, nil, "strips.glb", ""))
	parts := m.Meshes[0].MeshParts
	if len(parts) != 3 || parts[0].PrimitiveCount != 2 || parts[1].PrimitiveCount != 2 || parts[2].PrimitiveCount != 4 || parts[2].PrimitiveType != graphics.LineList {
		t.Fatalf("parts %+v %+v %+v: want 2 and 2 triangles, 4 lines", parts[0], parts[1], parts[2])
	}
	// Made normals face the side the counter-clockwise triangles face: +Z.
	raw := make([]byte, 36)
	_, err := parts[0].VertexBuffer.GetData(0, raw)
	must(t, err)
	if z := f32(raw[20:]); z < 0.99 {
		t.Errorf("generated normal z %v, want +1", z)
	}
	if parts[2].Effect.LightingEnabled {
		t.Error("lines are lit: they have no normals")
	}
}

func f32(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }

// writeRaw appends float positions to doc's only buffer as one accessor
// and returns its index.
func writeRaw(doc *gltf.Document, v [][3]float32) int {
	b := doc.Buffers[0]
	off := len(b.Data)
	for _, p := range v {
		for _, c := range p {
			b.Data = binary.LittleEndian.AppendUint32(b.Data, math.Float32bits(c))
		}
	}
	b.ByteLength = len(b.Data)
	doc.BufferViews = append(doc.BufferViews, &gltf.BufferView{Buffer: 0, ByteOffset: off, ByteLength: len(b.Data) - off})
	doc.Accessors = append(doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(len(doc.BufferViews) - 1),
		ComponentType: gltf.ComponentFloat, Type: gltf.AccessorVec3, Count: len(v),
		Min: []float64{0, 0, 0}, Max: []float64{1, 1, 0}})
	return len(doc.Accessors) - 1
}

// TestM1_DrawAllocatesNothing: a frame drawing 100 instances of a
// 10-part model allocates nothing.
func TestM1_DrawAllocatesNothing(t *testing.T) {
	r := newRig(t)
	r.fb.Keep = false
	doc, err := modeltest.Parts(10)
	m := loadModel(t, r, saveModel(t, doc, err, "parts.glb", ""))
	if n := len(m.Meshes[0].MeshParts); n != 10 {
		t.Fatalf("%d parts, want 10", n)
	}
	view := graphics.CreateLookAt(mgl32.Vec3{0, 5, 30}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj, err := graphics.CreatePerspectiveFieldOfView(1, 4.0/3, 0.1, 100)
	must(t, err)
	frame := func() {
		must(t, r.dev.BeginFrame(640, 480))
		for i := range 100 {
			must(t, m.Draw(mgl32.Translate3D(0, float32(i), 0), view, proj))
		}
		f, err := r.dev.EndFrame()
		must(t, err)
		must(t, r.fb.Execute(f))
	}
	frame()
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame of 100 models of 10 parts, want 0", n)
	}
	t.Logf("a frame of 100 instances of a 10-part model: 0 allocations (1,000 draws)")
}

// TestM1_AlphaMaskUsesAlphaTestEffect: a MASK material with a texture is
// drawn by an AlphaTestEffect that keeps the texels at or above the
// cutoff (0.5: reference 128).
func TestM1_AlphaMaskUsesAlphaTestEffect(t *testing.T) {
	r := newRig(t)
	doc, err := modeltest.MaskedBox()
	m := loadModel(t, r, saveModel(t, doc, err, "masked.glb", ""))
	p := m.Meshes[0].MeshParts[0]
	a := p.AlphaTest
	if a == nil || a.Texture == nil || a.Texture != p.Effect.Texture || a.AlphaFunction != graphics.CompareGreaterEqual || a.ReferenceAlpha != 128 {
		t.Fatalf("alpha test %+v, want the texture, >= 128", a)
	}
	must(t, r.dev.BeginFrame(64, 64))
	must(t, m.Draw(mgl32.Ident4(), mgl32.Ident4(), mgl32.Ident4()))
	r.present()
}
