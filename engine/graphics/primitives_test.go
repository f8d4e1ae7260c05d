package graphics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// clockwiseFromOutside checks that every non-degenerate triangle of a mesh
// turns clockwise seen from outside: its counter-clockwise normal
// (b-a)x(c-a) points inwards, against the vertices' outward normals (G8:
// XNA's front faces).
func clockwiseFromOutside(t *testing.T, name string, v []VertexPositionNormalTexture, idx []uint16) {
	t.Helper()
	if len(idx)%3 != 0 {
		t.Fatalf("%s: %d indices, not a triangle list", name, len(idx))
	}
	degenerate := 0
	for i := 0; i < len(idx); i += 3 {
		for _, k := range idx[i : i+3] {
			if int(k) >= len(v) {
				t.Fatalf("%s: index %d out of %d vertices", name, k, len(v))
			}
		}
		a, b, c := v[idx[i]], v[idx[i+1]], v[idx[i+2]]
		ccw := b.Position.Sub(a.Position).Cross(c.Position.Sub(a.Position))
		if ccw.Len() < 1e-6 {
			degenerate++
			continue
		}
		out := a.Normal.Add(b.Normal).Add(c.Normal)
		if ccw.Dot(out) >= 0 {
			t.Errorf("%s: triangle %d (%v %v %v) is counter-clockwise seen from outside", name, i/3, a.Position, b.Position, c.Position)
		}
	}
	if degenerate > len(idx)/3/4 {
		t.Errorf("%s: %d of %d triangles are degenerate", name, degenerate, len(idx)/3)
	}
}

// TestG8_CubeIsClockwiseFromOutside: the cube helper has 24 vertices on the
// unit cube's faces with unit outward normals, 36 indices, and XNA's
// winding, so CullCounterClockwise (the default) keeps its outside.
func TestG8_CubeIsClockwiseFromOutside(t *testing.T) {
	v, idx := Cube()
	if len(v) != 24 || len(idx) != 36 {
		t.Fatalf("cube: %d vertices, %d indices; want 24, 36", len(v), len(idx))
	}
	for _, p := range v {
		if mgl32.Abs(p.Normal.Len()-1) > 1e-6 || mgl32.Abs(p.Position.Dot(p.Normal)-0.5) > 1e-6 {
			t.Errorf("vertex %v: normal %v is not its face's unit outward normal", p.Position, p.Normal)
		}
		for _, c := range p.TextureCoordinate {
			if c != 0 && c != 1 {
				t.Errorf("vertex %v: texture coordinate %v, want corners of 0..1", p.Position, p.TextureCoordinate)
			}
		}
	}
	clockwiseFromOutside(t, "cube", v, idx)
}

// TestG8_SphereIsClockwiseFromOutside: the sphere helper's vertices lie on
// the sphere of diameter 1 with outward normals, its winding is XNA's, and
// bad sizes are errors that say what to change.
func TestG8_SphereIsClockwiseFromOutside(t *testing.T) {
	v, idx, err := Sphere(16, 12)
	if err != nil {
		t.Fatal(err)
	}
	if len(v) != 17*13 || len(idx) != 6*16*12 {
		t.Fatalf("sphere: %d vertices, %d indices", len(v), len(idx))
	}
	for _, p := range v {
		if mgl32.Abs(p.Position.Len()-0.5) > 1e-6 || p.Normal.Sub(p.Position.Mul(2)).Len() > 1e-5 {
			t.Errorf("vertex %v: not on the sphere or normal %v not outward", p.Position, p.Normal)
		}
	}
	clockwiseFromOutside(t, "sphere", v, idx)
	for _, bad := range [][2]int{{2, 4}, {8, 1}, {400, 400}} {
		if _, _, err := Sphere(bad[0], bad[1]); err == nil {
			t.Errorf("Sphere(%d, %d): no error", bad[0], bad[1])
		}
	}
}
