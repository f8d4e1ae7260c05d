package graphics

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// Culling and picking (rule X4): a mesh's sphere in world space against a
// camera's geom.BoundingFrustum, and a geom.Ray through a pixel.

// BoundingSphereWorld returns the mesh's BoundingSphere placed in world
// space: transformed by world times its bone's absolute transform, the
// matrix Model.Draw gives the mesh's effects. It walks the bone's parents
// and allocates nothing.
func (m *ModelMesh) BoundingSphereWorld(world mgl32.Mat4) BoundingSphere {
	abs := mgl32.Ident4()
	for b := m.ParentBone; b != nil; b = b.Parent {
		abs = b.Transform.Mul4(abs)
	}
	return m.BoundingSphere.Transform(world.Mul4(abs))
}

// InFrustum reports whether the mesh placed by world may be visible to
// the camera of f: whether its world bounding sphere meets f (touching
// counts). A false answer means the mesh is out of view and need not be
// drawn.
func (m *ModelMesh) InFrustum(world mgl32.Mat4, f *geom.BoundingFrustum) bool {
	return f.IntersectsSphere(m.BoundingSphereWorld(world))
}

// PickRay returns the ray under the pixel x, y (from the target's
// top-left) for a camera with projection and view: from the point on the
// near plane, Unproject(x, y, MinDepth), towards the one on the far
// plane, Unproject(x, y, MaxDepth), with a unit Direction, so the
// distances geom.Ray's methods return are world distances from the near
// plane. The ray is in world space (Unproject with an identity world).
func (v Viewport) PickRay(x, y float32, projection, view mgl32.Mat4) geom.Ray {
	id := mgl32.Ident4()
	near := v.Unproject(mgl32.Vec3{x, y, v.MinDepth}, projection, view, id)
	far := v.Unproject(mgl32.Vec3{x, y, v.MaxDepth}, projection, view, id)
	d := far.Sub(near)
	if l := d.Len(); l > 0 {
		d = d.Mul(1 / l)
	}
	return geom.Ray{Position: near, Direction: d}
}
