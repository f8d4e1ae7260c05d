package graphics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Cube returns a cube of side 1 centred on the origin as an indexed
// triangle list: 24 vertices (4 a face, each with the face's normal and
// texture coordinates running 0..1 across the face, (0,0) at the top-left
// as seen from outside) and 36 indices, every triangle clockwise seen from
// outside (XNA's front faces, rule G8). Put it in a VertexBuffer and an
// IndexBuffer once, then draw it with DrawIndexedPrimitives(TriangleList,
// 0, 0, 12).
func Cube() ([]VertexPositionNormalTexture, []uint16) {
	v := make([]VertexPositionNormalTexture, 0, 24)
	idx := make([]uint16, 0, 36)
	faces := [6][2]mgl32.Vec3{ // outward normal, up as seen from outside
		{{0, 0, 1}, {0, 1, 0}}, {{0, 0, -1}, {0, 1, 0}}, {{1, 0, 0}, {0, 1, 0}},
		{{-1, 0, 0}, {0, 1, 0}}, {{0, 1, 0}, {0, 0, -1}}, {{0, -1, 0}, {0, 0, 1}},
	}
	for _, f := range faces {
		n, up := f[0], f[1]
		right, b := up.Cross(n), uint16(len(v))
		for _, c := range [4]mgl32.Vec2{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}} { // TL, TR, BR, BL as seen
			p := n.Add(right.Mul(c[0])).Add(up.Mul(c[1])).Mul(0.5)
			v = append(v, VertexPositionNormalTexture{Position: p, Normal: n,
				TextureCoordinate: mgl32.Vec2{(c[0] + 1) / 2, (1 - c[1]) / 2}})
		}
		idx = append(idx, b, b+1, b+2, b, b+2, b+3)
	}
	return v, idx
}

// Sphere returns a sphere of diameter 1 centred on the origin as an indexed
// triangle list of slices around and stacks from pole to pole:
// (slices+1)*(stacks+1) vertices with outward normals and texture
// coordinates (u around, v down from the top pole), and 6*slices*stacks
// indices, every triangle clockwise seen from outside (rule G8; the
// triangles touching the poles are degenerate halves). slices must be at
// least 3 and stacks at least 2, and the vertices must fit 16-bit indices.
func Sphere(slices, stacks int) ([]VertexPositionNormalTexture, []uint16, error) {
	if slices < 3 || stacks < 2 {
		return nil, nil, fmt.Errorf("graphics: sphere of %d slices and %d stacks: want at least 3 slices and 2 stacks", slices, stacks)
	}
	if (slices+1)*(stacks+1) > math.MaxUint16+1 {
		return nil, nil, fmt.Errorf("graphics: sphere of %d slices and %d stacks has %d vertices, more than 16-bit indices reach (65536): use fewer", slices, stacks, (slices+1)*(stacks+1))
	}
	v := make([]VertexPositionNormalTexture, 0, (slices+1)*(stacks+1))
	idx := make([]uint16, 0, 6*slices*stacks)
	for i := 0; i <= stacks; i++ {
		phi := math.Pi * float64(i) / float64(stacks)
		for j := 0; j <= slices; j++ {
			theta := 2 * math.Pi * float64(j) / float64(slices)
			n := mgl32.Vec3{float32(math.Sin(phi) * math.Cos(theta)), float32(math.Cos(phi)), float32(math.Sin(phi) * math.Sin(theta))}
			v = append(v, VertexPositionNormalTexture{Position: n.Mul(0.5), Normal: n,
				TextureCoordinate: mgl32.Vec2{float32(j) / float32(slices), float32(i) / float32(stacks)}})
		}
	}
	for i := range stacks {
		for j := range slices {
			a := uint16(i*(slices+1) + j)
			b := a + uint16(slices+1)
			idx = append(idx, a, b, a+1, a+1, b, b+1)
		}
	}
	return v, idx, nil
}
