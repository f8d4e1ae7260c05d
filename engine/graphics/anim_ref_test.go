package graphics_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// refModel is a second, independent computation of a glTF file's poses
// (rule K7): it reads the document itself (not the loaded Model), samples
// in float64 and walks the node tree recursively. It shares no code with
// the engine's AnimationPlayer.
type refModel struct {
	t      testing.TB
	doc    *gltf.Document
	parent []int
}

func newRef(t testing.TB, doc *gltf.Document) *refModel {
	r := &refModel{t: t, doc: doc, parent: make([]int, len(doc.Nodes))}
	for i := range r.parent {
		r.parent[i] = -1
	}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			r.parent[c] = i
		}
	}
	return r
}

// floats reads an accessor as float64s.
func (r *refModel) floats(i int) []float64 {
	data, err := modeler.ReadAccessor(r.doc, r.doc.Accessors[i], nil)
	if err != nil {
		r.t.Fatal(err)
	}
	var out []float64
	switch d := data.(type) {
	case []float32:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case [][3]float32:
		for _, v := range d {
			out = append(out, float64(v[0]), float64(v[1]), float64(v[2]))
		}
	case [][4]float32:
		for _, v := range d {
			out = append(out, float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3]))
		}
	case [][4][4]float32:
		for _, m := range d {
			for _, c := range m {
				for _, v := range c {
					out = append(out, float64(v))
				}
			}
		}
	default:
		r.t.Fatalf("reference: accessor %d of %T", i, data)
	}
	return out
}

// sample evaluates one sampler at t (seconds), as glTF's Appendix C says.
func (r *refModel) sample(s *gltf.AnimationSampler, rotation bool, t float64) []float64 {
	times, vals := r.floats(s.Input), r.floats(s.Output)
	n := len(times)
	cubic := s.Interpolation == gltf.InterpolationCubicSpline
	w := len(vals) / n
	if cubic {
		w /= 3
	}
	at := func(k, part int) []float64 { // part: 0 in-tangent, 1 value, 2 out-tangent
		if !cubic {
			return vals[k*w : k*w+w]
		}
		o := (3*k + part) * w
		return vals[o : o+w]
	}
	out := make([]float64, w)
	switch {
	case t <= times[0]:
		copy(out, at(0, 1))
	case t >= times[n-1]:
		copy(out, at(n-1, 1))
	default:
		k := 0
		for times[k+1] <= t {
			k++
		}
		td := times[k+1] - times[k]
		u := (t - times[k]) / td
		a, b := at(k, 1), at(k+1, 1)
		switch {
		case s.Interpolation == gltf.InterpolationStep:
			copy(out, a)
		case cubic:
			m0, m1 := at(k, 2), at(k+1, 0)
			for i := range out {
				out[i] = (2*u*u*u-3*u*u+1)*a[i] + td*(u*u*u-2*u*u+u)*m0[i] +
					(-2*u*u*u+3*u*u)*b[i] + td*(u*u*u-u*u)*m1[i]
			}
		case rotation:
			qa := mgl64.Quat{W: a[3], V: mgl64.Vec3{a[0], a[1], a[2]}}
			qb := mgl64.Quat{W: b[3], V: mgl64.Vec3{b[0], b[1], b[2]}}
			if qa.Dot(qb) < 0 {
				qb = qb.Scale(-1)
			}
			th := math.Acos(math.Min(qa.Dot(qb), 1))
			var q mgl64.Quat
			if th < 1e-9 {
				q = qa
			} else {
				q = qa.Scale(math.Sin((1-u)*th) / math.Sin(th)).Add(qb.Scale(math.Sin(u*th) / math.Sin(th)))
			}
			out = []float64{q.V[0], q.V[1], q.V[2], q.W}
		default:
			for i := range out {
				out[i] = a[i] + (b[i]-a[i])*u
			}
		}
	}
	if rotation {
		l := math.Sqrt(out[0]*out[0] + out[1]*out[1] + out[2]*out[2] + out[3]*out[3])
		for i := range out {
			out[i] /= l
		}
	}
	return out
}

// local returns node n's local matrix under animation a at t (a nil: the
// rest pose).
func (r *refModel) local(n int, a *gltf.Animation, t float64) mgl64.Mat4 {
	node := r.doc.Nodes[n]
	if node.Matrix != gltf.DefaultMatrix && node.Matrix != ([16]float64{}) {
		return mgl64.Mat4(node.Matrix)
	}
	tr, ro, sc := node.TranslationOrDefault(), node.RotationOrDefault(), node.ScaleOrDefault()
	if a != nil {
		for _, c := range a.Channels {
			if c.Target.Node == nil || *c.Target.Node != n {
				continue
			}
			s := a.Samplers[c.Sampler]
			switch c.Target.Path {
			case gltf.TRSTranslation:
				copy(tr[:], r.sample(s, false, t))
			case gltf.TRSRotation:
				copy(ro[:], r.sample(s, true, t))
			case gltf.TRSScale:
				copy(sc[:], r.sample(s, false, t))
			}
		}
	}
	q := mgl64.Quat{W: ro[3], V: mgl64.Vec3{ro[0], ro[1], ro[2]}}.Normalize()
	return mgl64.Translate3D(tr[0], tr[1], tr[2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(sc[0], sc[1], sc[2]))
}

// global returns node n's world matrix, recursively through its parents.
func (r *refModel) global(n int, a *gltf.Animation, t float64) mgl64.Mat4 {
	m := r.local(n, a, t)
	if p := r.parent[n]; p >= 0 {
		return r.global(p, a, t).Mul4(m)
	}
	return m
}

// joints returns skin s's joint matrices under animation a at t.
func (r *refModel) joints(s int, a *gltf.Animation, t float64) []mgl64.Mat4 {
	skin := r.doc.Skins[s]
	var ibm []float64
	if skin.InverseBindMatrices != nil {
		ibm = r.floats(*skin.InverseBindMatrices)
	}
	out := make([]mgl64.Mat4, len(skin.Joints))
	for j, n := range skin.Joints {
		inv := mgl64.Ident4()
		if ibm != nil {
			copy(inv[:], ibm[16*j:16*j+16])
		}
		out[j] = r.global(n, a, t).Mul4(inv)
	}
	return out
}

// weights returns mesh node n's morph weights under animation a at t.
func (r *refModel) weights(n int, a *gltf.Animation, t float64) []float64 {
	node := r.doc.Nodes[n]
	w := append([]float64(nil), r.doc.Meshes[*node.Mesh].Weights...)
	if node.Weights != nil {
		w = append(w[:0], node.Weights...)
	}
	for _, c := range a.Channels {
		if c.Target.Node != nil && *c.Target.Node == n && c.Target.Path == gltf.TRSWeights {
			w = r.sample(a.Samplers[c.Sampler], false, t)
		}
	}
	return w
}

// closeMat reports whether got is within tol of want, relative to the
// larger of 1 and want's largest entry.
func closeMat(got mgl32.Mat4, want mgl64.Mat4, tol float64) (float64, bool) {
	scale, worst := 1.0, 0.0
	for i := range 16 {
		scale = math.Max(scale, math.Abs(want[i]))
	}
	for i := range 16 {
		worst = math.Max(worst, math.Abs(float64(got[i])-want[i])/scale)
	}
	return worst, worst <= tol
}
