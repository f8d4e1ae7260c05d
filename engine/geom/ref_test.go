package geom_test

// Independent reference computations for the X1 tests: written from the
// definitions (clip-space inequalities, polygon clipping, active-set
// projection, face hits, the quadratic formula), in float64, sharing no
// code with the package.

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"
)

type vec [3]float64

func v64(v mgl32.Vec3) vec        { return vec{float64(v[0]), float64(v[1]), float64(v[2])} }
func (a vec) plus(b vec) vec      { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) minus(b vec) vec     { return vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a vec) times(s float64) vec { return vec{a[0] * s, a[1] * s, a[2] * s} }
func (a vec) dot(b vec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) norm() float64       { return math.Sqrt(a.dot(a)) }

// halfSpace is the set a·p + b >= 0.
type halfSpace struct {
	a vec
	b float64
}

func (h halfSpace) at(p vec) float64 { return h.a.dot(p) + h.b }

// polytope is a convex body given both ways: its faces (for clipping and
// vertex tests) and its half-spaces.
type polytope struct {
	verts []vec
	faces [][]vec
	hs    []halfSpace
}

func (p polytope) holds(q vec, eps float64) bool {
	for _, h := range p.hs {
		if h.at(q) < eps*h.a.norm() {
			return false
		}
	}
	return true
}

// boxPoly returns the box lo..hi as a polytope.
func boxPoly(lo, hi vec) polytope {
	c := func(x, y, z int) vec {
		return vec{[2]float64{lo[0], hi[0]}[x], [2]float64{lo[1], hi[1]}[y], [2]float64{lo[2], hi[2]}[z]}
	}
	p := polytope{}
	for i := range 8 {
		p.verts = append(p.verts, c(i&1, i>>1&1, i>>2&1))
	}
	p.faces = [][]vec{
		{c(0, 0, 0), c(0, 1, 0), c(0, 1, 1), c(0, 0, 1)}, {c(1, 0, 0), c(1, 1, 0), c(1, 1, 1), c(1, 0, 1)},
		{c(0, 0, 0), c(1, 0, 0), c(1, 0, 1), c(0, 0, 1)}, {c(0, 1, 0), c(1, 1, 0), c(1, 1, 1), c(0, 1, 1)},
		{c(0, 0, 0), c(1, 0, 0), c(1, 1, 0), c(0, 1, 0)}, {c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 1, 1)},
	}
	for i := range 3 {
		var e vec
		e[i] = 1
		p.hs = append(p.hs, halfSpace{e, -lo[i]}, halfSpace{e.times(-1), hi[i]})
	}
	return p
}

// clipHalfSpaces returns the world-space inequalities of clip space:
// with c = M·(p, 1): x+w >= 0, w-x >= 0, y+w >= 0, w-y >= 0, z >= 0, w-z >= 0.
func clipHalfSpaces(m mgl32.Mat4) []halfSpace {
	row := func(i int) halfSpace {
		r := m.Row(i)
		return halfSpace{vec{float64(r[0]), float64(r[1]), float64(r[2])}, float64(r[3])}
	}
	add := func(a, b halfSpace, s float64) halfSpace { return halfSpace{a.a.plus(b.a.times(s)), a.b + s*b.b} }
	x, y, z, w := row(0), row(1), row(2), row(3)
	return []halfSpace{add(w, x, 1), add(w, x, -1), add(w, y, 1), add(w, y, -1), z, add(w, z, -1)}
}

// inClip reports whether p projects inside the viewport with depth 0..1.
func inClip(m mgl32.Mat4, p vec, eps float64) bool {
	return polytope{hs: clipHalfSpaces(m)}.holds(p, eps)
}

// inverse returns the inverse of m in float64 (Gauss-Jordan with pivoting).
func inverse(m mgl32.Mat4) [4][4]float64 {
	var a [4][8]float64
	for i := range 4 {
		for j := range 4 {
			a[i][j] = float64(m.At(i, j))
		}
		a[i][4+i] = 1
	}
	for c := range 4 {
		p := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := range 4 {
			if r != c {
				f := a[r][c] / a[c][c]
				for k := range 8 {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	var inv [4][4]float64
	for i := range 4 {
		for j := range 4 {
			inv[i][j] = a[i][4+j] / a[i][i]
		}
	}
	return inv
}

// unproject maps normalized device coordinates back through m.
func unproject(inv [4][4]float64, x, y, z float64) vec {
	var o [4]float64
	for i := range 4 {
		o[i] = inv[i][0]*x + inv[i][1]*y + inv[i][2]*z + inv[i][3]
	}
	return vec{o[0] / o[3], o[1] / o[3], o[2] / o[3]}
}

// frustumPoly returns the frustum of m: corners unprojected from the NDC
// cube (x, y in -1..1, z in 0..1), faces as quads of them.
func frustumPoly(m mgl32.Mat4) polytope {
	inv := inverse(m)
	c := func(x, y, z int) vec { return unproject(inv, float64(2*x-1), float64(2*y-1), float64(z)) }
	p := polytope{hs: clipHalfSpaces(m)}
	for i := range 8 {
		p.verts = append(p.verts, c(i&1, i>>1&1, i>>2&1))
	}
	p.faces = [][]vec{
		{c(0, 0, 0), c(0, 1, 0), c(0, 1, 1), c(0, 0, 1)}, {c(1, 0, 0), c(1, 1, 0), c(1, 1, 1), c(1, 0, 1)},
		{c(0, 0, 0), c(1, 0, 0), c(1, 0, 1), c(0, 0, 1)}, {c(0, 1, 0), c(1, 1, 0), c(1, 1, 1), c(0, 1, 1)},
		{c(0, 0, 0), c(1, 0, 0), c(1, 1, 0), c(0, 1, 0)}, {c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 1, 1)},
	}
	return p
}

// clip returns the part of the convex polygon poly where h >= eps·|h.a|
// (Sutherland-Hodgman).
func clip(poly []vec, h halfSpace, eps float64) []vec {
	e := eps * h.a.norm()
	var out []vec
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		fa, fb := h.at(a)-e, h.at(b)-e
		if fa >= 0 {
			out = append(out, a)
		}
		if (fa >= 0) != (fb >= 0) {
			out = append(out, a.plus(b.minus(a).times(fa/(fa-fb))))
		}
	}
	return out
}

// polyMeets reports whether convex polytopes a and b share a point, the
// half-spaces moved inwards by eps (eps < 0 grows them): one holds a
// vertex of the other, or a face of one survives clipping by the other.
func polyMeets(a, b polytope, eps float64) bool {
	for _, pair := range [2][2]polytope{{a, b}, {b, a}} {
		x, y := pair[0], pair[1]
		for _, v := range x.verts {
			if y.holds(v, eps) {
				return true
			}
		}
		for _, f := range x.faces {
			for _, h := range y.hs {
				if f = clip(f, h, eps); len(f) == 0 {
					break
				}
			}
			if len(f) > 0 {
				return true
			}
		}
	}
	return false
}

// polyDist returns the distance from c to the polytope given by its
// half-spaces: the nearest point is c's projection onto the affine hull of
// some set of at most three active planes, and the feasible projection
// nearest to c is it (active-set enumeration).
func polyDist(hs []halfSpace, c vec) float64 {
	if (polytope{hs: hs}).holds(c, 0) {
		return 0
	}
	best := math.Inf(1)
	n := len(hs)
	try := func(idx ...int) {
		q, ok := projectAffine(hs, idx, c)
		if ok && (polytope{hs: hs}).holds(q, -1e-9) {
			best = min(best, q.minus(c).norm())
		}
	}
	for i := range n {
		try(i)
		for j := i + 1; j < n; j++ {
			try(i, j)
			for k := j + 1; k < n; k++ {
				try(i, j, k)
			}
		}
	}
	return best
}

// projectAffine projects c onto {p: a_i·p + b_i = 0 for i in idx}.
func projectAffine(hs []halfSpace, idx []int, c vec) (vec, bool) {
	k := len(idx)
	// Solve G λ = r with G = A Aᵀ, r = A c + b; the projection is c - Aᵀλ.
	var g [3][4]float64
	for i := range k {
		for j := range k {
			g[i][j] = hs[idx[i]].a.dot(hs[idx[j]].a)
		}
		g[i][3] = hs[idx[i]].at(c)
	}
	for col := range k {
		p := col
		for r := col + 1; r < k; r++ {
			if math.Abs(g[r][col]) > math.Abs(g[p][col]) {
				p = r
			}
		}
		g[col], g[p] = g[p], g[col]
		if math.Abs(g[col][col]) < 1e-12 {
			return vec{}, false
		}
		for r := range k {
			if r != col {
				f := g[r][col] / g[col][col]
				for x := range 4 {
					g[r][x] -= f * g[col][x]
				}
			}
		}
	}
	q := c
	for i := range k {
		q = q.minus(hs[idx[i]].a.times(g[i][3] / g[i][i]))
	}
	return q, true
}

// Random cases.

func rvec(r *rand.Rand, s float64) mgl32.Vec3 {
	return mgl32.Vec3{float32((r.Float64()*2 - 1) * s), float32((r.Float64()*2 - 1) * s), float32((r.Float64()*2 - 1) * s)}
}

func rbox(r *rand.Rand) (lo, hi mgl32.Vec3) {
	c, h := rvec(r, 5), rvec(r, 2)
	for i := range 3 {
		h[i] = float32(math.Abs(float64(h[i])))
	}
	return c.Sub(h), c.Add(h)
}

func rsphere(r *rand.Rand) (mgl32.Vec3, float32) {
	return rvec(r, 5), float32(r.Float64() * 3)
}

// perspective and orthographic are the engine's projections (depth 0..1,
// Y flipped), restated for this package, which cannot import graphics.
func perspective(fovY, aspect, near, far float32) mgl32.Mat4 {
	f := float32(1 / math.Tan(float64(fovY)/2))
	return mgl32.Mat4{f / aspect, 0, 0, 0, 0, -f, 0, 0, 0, 0, far / (near - far), -1, 0, 0, near * far / (near - far), 0}
}

func orthographic(w, h, near, far float32) mgl32.Mat4 {
	return mgl32.Mat4{2 / w, 0, 0, 0, 0, -2 / h, 0, 0, 0, 0, 1 / (near - far), 0, 0, 0, near / (near - far), 1}
}

// rfrustum returns a random camera's Projection*View.
func rfrustum(r *rand.Rand) mgl32.Mat4 {
	eye := rvec(r, 5)
	target := eye.Add(rvec(r, 1))
	for target.Sub(eye).Len() < 0.1 {
		target = eye.Add(rvec(r, 1))
	}
	up := rvec(r, 1)
	for up.Cross(target.Sub(eye)).Len() < 0.1 {
		up = rvec(r, 1)
	}
	view := mgl32.LookAtV(eye, target, up)
	near := float32(0.1 + r.Float64()*2)
	far := near + float32(1+r.Float64()*10)
	var proj mgl32.Mat4
	if r.IntN(4) == 0 {
		proj = orthographic(float32(1+r.Float64()*6), float32(1+r.Float64()*6), near, far)
	} else {
		proj = perspective(float32(0.3+r.Float64()*2.2), float32(0.5+r.Float64()*1.5), near, far)
	}
	return proj.Mul4(view)
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 32)) }
