package geom_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// cases is the number of random cases per predicate.
const cases = 4000

// eps moves the reference's boundaries in and out: a case whose answer
// changes within it lies on a boundary to float rounding, and is skipped
// (the edge-case tests pin the boundaries exactly).
const eps = 1e-6

// tally counts a predicate's answers, so a test can insist that the
// random cases exercised each of them.
type tally struct {
	t       *testing.T
	name    string
	answers map[string]int
	skipped int
}

func newTally(t *testing.T, name string) *tally {
	return &tally{t: t, name: name, answers: map[string]int{}}
}

// check compares got with the reference's answers at -eps (grown) and
// +eps (shrunk); equal answers must match got, differing ones skip.
func (c *tally) check(i int, got, grown, shrunk any) {
	c.t.Helper()
	if grown != shrunk {
		c.skipped++
		return
	}
	if got != grown {
		c.t.Errorf("%s case %d: got %v, reference %v", c.name, i, got, grown)
	}
	c.answers[toString(got)]++
}

func toString(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "true"
		}
		return "false"
	case interface{ String() string }:
		return v.String()
	}
	return "?"
}

// done insists that each listed answer came up in at least 2% of the
// cases and that under 1% were skipped.
func (c *tally) done(want ...string) {
	c.t.Helper()
	for _, w := range want {
		if c.answers[w] < cases/50 {
			c.t.Errorf("%s: answer %s came up %d times in %d cases (%v): the cases do not exercise it",
				c.name, w, c.answers[w], cases, c.answers)
		}
	}
	if c.skipped > cases/100 {
		c.t.Errorf("%s: %d of %d cases on a boundary", c.name, c.skipped, cases)
	}
	c.t.Logf("%s: %v, %d skipped", c.name, c.answers, c.skipped)
}

func containment(meets, holds bool) geom.ContainmentType {
	switch {
	case !meets:
		return geom.Disjoint
	case holds:
		return geom.Contains
	}
	return geom.Intersects
}

func allIn(p polytope, pts []vec, e float64) bool {
	for _, q := range pts {
		if !p.holds(q, e) {
			return false
		}
	}
	return true
}

// sideOf classifies points against n·p + d, moved by e.
func sideOf(n vec, d float64, pts []vec, e float64) geom.PlaneIntersectionType {
	f, b := 0, 0
	for _, q := range pts {
		switch s := (n.dot(q) + d) / n.norm(); {
		case s > e:
			f++
		case s < -e:
			b++
		default:
			return geom.Intersecting
		}
	}
	switch len(pts) {
	case f:
		return geom.Front
	case b:
		return geom.Back
	}
	return geom.Intersecting
}

// boxNear returns a box of half-size up to size, centred up to off from c.
func boxNear(r *rand.Rand, c mgl32.Vec3, off, size float32) (lo, hi mgl32.Vec3) {
	m, h := c.Add(rvec(r, float64(off))), rvec(r, float64(size)*r.Float64())
	for i := range 3 {
		h[i] = float32(math.Abs(float64(h[i])))
	}
	return m.Sub(h), m.Add(h)
}

func rplane(r *rand.Rand) geom.Plane {
	n := rvec(r, 1)
	for n.Len() < 0.05 {
		n = rvec(r, 1)
	}
	return geom.Plane{Normal: n, D: float32((r.Float64()*2 - 1) * 6)}
}

func boxOf(lo, hi mgl32.Vec3) (geom.BoundingBox, polytope) {
	return geom.BoundingBox{Min: lo, Max: hi}, boxPoly(v64(lo), v64(hi))
}

func sphereIn(p polytope, c vec, r float64, e float64) bool {
	for _, h := range p.hs {
		if h.at(c)/h.a.norm() < r+e {
			return false
		}
	}
	return true
}

func TestX1_BoxPredicatesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 32))
	pt, bb, bs, sb, sc, pl := newTally(t, "ContainsPoint"), newTally(t, "IntersectsBox"), newTally(t, "ContainsBox"),
		newTally(t, "IntersectsSphere"), newTally(t, "ContainsSphere"), newTally(t, "IntersectsPlane")
	for i := range cases {
		a, ap := boxOf(rbox(r))
		ac, as := a.Min.Add(a.Max).Mul(0.5), a.Max.Sub(a.Min).Len()/2
		b, bp := boxOf(boxNear(r, ac, as, as*0.5))
		p := ac.Add(rvec(r, float64(as)))
		in := func(e float64) bool { return ap.holds(v64(p), e) }
		pt.check(i, a.ContainsPoint(p), containment(in(-eps), true), containment(in(eps), true))

		meets := func(e float64) bool { return polyMeets(ap, bp, e) }
		bb.check(i, a.IntersectsBox(b), meets(-eps), meets(eps))
		bs.check(i, a.ContainsBox(b), containment(meets(-eps), allIn(ap, bp.verts, -eps)), containment(meets(eps), allIn(ap, bp.verts, eps)))
		if a.IntersectsBox(b) != b.IntersectsBox(a) {
			t.Errorf("case %d: IntersectsBox not symmetric", i)
		}

		c, rad := ac.Add(rvec(r, float64(as))), as*0.6*float32(r.Float64())
		if i%2 == 1 { // a sphere the size of the box's thinnest side
			h := a.Max.Sub(a.Min).Mul(0.5)
			m := min(h[0], h[1], h[2])
			c, rad = ac.Add(rvec(r, float64(m))), m*float32(r.Float64())
		}
		s := geom.BoundingSphere{Center: c, Radius: rad}
		d := polyDist(ap.hs, v64(c))
		sb.check(i, a.IntersectsSphere(s), d <= float64(rad)+eps, d <= float64(rad)-eps)
		sc.check(i, a.ContainsSphere(s), containment(d <= float64(rad)+eps, sphereIn(ap, v64(c), float64(rad), -eps)),
			containment(d <= float64(rad)-eps, sphereIn(ap, v64(c), float64(rad), eps)))

		q := rplane(r)
		pl.check(i, a.IntersectsPlane(q), sideOf(v64(q.Normal), float64(q.D), ap.verts, eps), sideOf(v64(q.Normal), float64(q.D), ap.verts, -eps))
		if q.IntersectsBox(a) != a.IntersectsPlane(q) {
			t.Errorf("case %d: Plane.IntersectsBox differs from BoundingBox.IntersectsPlane", i)
		}
	}
	pt.done("Contains", "Disjoint")
	bb.done("true", "false")
	bs.done("Contains", "Intersects", "Disjoint")
	sb.done("true", "false")
	sc.done("Contains", "Intersects", "Disjoint")
	pl.done("Front", "Back", "Intersecting")
}

func TestX1_SpherePredicatesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 32))
	pt, bb, bs, ss, sc, pl := newTally(t, "ContainsPoint"), newTally(t, "IntersectsBox"), newTally(t, "ContainsBox"),
		newTally(t, "IntersectsSphere"), newTally(t, "ContainsSphere"), newTally(t, "IntersectsPlane")
	for i := range cases {
		c, rad := rsphere(r)
		s := geom.BoundingSphere{Center: c, Radius: rad}
		cv, rv := v64(c), float64(rad)
		p := c.Add(rvec(r, float64(rad)))
		dp := v64(p).minus(cv).norm()
		pref := func(e float64) geom.ContainmentType {
			if dp > rv+e {
				return geom.Disjoint
			}
			return geom.Contains // within e of the surface is skipped
		}
		pt.check(i, s.ContainsPoint(p), pref(eps), pref(-eps))

		b, bp := boxOf(boxNear(r, c, rad*1.3, rad*0.7))
		d := polyDist(bp.hs, cv)
		farthest := 0.0
		for _, v := range bp.verts {
			farthest = max(farthest, v.minus(cv).norm())
		}
		bb.check(i, s.IntersectsBox(b), d <= rv+eps, d <= rv-eps)
		bs.check(i, s.ContainsBox(b), containment(d <= rv+eps, farthest <= rv+eps), containment(d <= rv-eps, farthest <= rv-eps))

		c2, rad2 := c.Add(rvec(r, float64(rad)*1.2)), rad*float32(r.Float64())
		o := geom.BoundingSphere{Center: c2, Radius: rad2}
		dc, r2 := v64(c2).minus(cv).norm(), float64(rad2)
		ss.check(i, s.IntersectsSphere(o), dc <= rv+r2+eps, dc <= rv+r2-eps)
		sc.check(i, s.ContainsSphere(o), containment(dc <= rv+r2+eps, dc+r2 <= rv+eps), containment(dc <= rv+r2-eps, dc+r2 <= rv-eps))

		q := rplane(r)
		sd := (v64(q.Normal).dot(cv) + float64(q.D)) / v64(q.Normal).norm()
		side := func(e float64) geom.PlaneIntersectionType {
			switch {
			case sd > rv+e:
				return geom.Front
			case sd < -rv-e:
				return geom.Back
			}
			return geom.Intersecting
		}
		pl.check(i, s.IntersectsPlane(q), side(eps), side(-eps))
	}
	pt.done("Contains", "Disjoint")
	bb.done("true", "false")
	bs.done("Contains", "Intersects", "Disjoint")
	ss.done("true", "false")
	sc.done("Contains", "Intersects", "Disjoint")
	pl.done("Front", "Back", "Intersecting")
}

func TestX1_FrustumPredicatesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 32))
	pt, fb, fbc, fs, fsc, ff, ffc, pl := newTally(t, "ContainsPoint"), newTally(t, "IntersectsBox"), newTally(t, "ContainsBox"),
		newTally(t, "IntersectsSphere"), newTally(t, "ContainsSphere"), newTally(t, "IntersectsFrustum"),
		newTally(t, "ContainsFrustum"), newTally(t, "IntersectsPlane")
	for i := range cases {
		m := rfrustum(r)
		f, fp := geom.NewBoundingFrustum(m), frustumPoly(m)
		// Points near the frustum: a corner-weighted mix, so both answers come up.
		p := mgl32.Vec3{}
		for _, v := range fp.verts {
			p = p.Add(mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])}.Mul(float32(r.Float64())))
		}
		p = p.Mul(0.25).Add(rvec(r, 2))
		pt.check(i, f.ContainsPoint(p), containment(inClip(m, v64(p), -eps), true), containment(inClip(m, v64(p), eps), true))

		b, bp := boxOf(rbox(r))
		meets := func(e float64) bool { return polyMeets(fp, bp, e) }
		fb.check(i, f.IntersectsBox(b), meets(-eps), meets(eps))
		fbc.check(i, f.ContainsBox(b), containment(meets(-eps), allIn(fp, bp.verts, -eps)), containment(meets(eps), allIn(fp, bp.verts, eps)))
		if f.IntersectsBox(b) != b.IntersectsFrustum(f) || b.ContainsFrustum(f) != containment(meets(0), allIn(bp, fp.verts, 0)) && meets(-eps) == meets(eps) && allIn(bp, fp.verts, -eps) == allIn(bp, fp.verts, eps) {
			t.Errorf("case %d: BoundingBox's frustum tests disagree", i)
		}

		c, rad := rsphere(r)
		s := geom.BoundingSphere{Center: c, Radius: rad}
		d, rv := polyDist(fp.hs, v64(c)), float64(rad)
		fs.check(i, f.IntersectsSphere(s), d <= rv+eps, d <= rv-eps)
		fsc.check(i, f.ContainsSphere(s), containment(d <= rv+eps, sphereIn(fp, v64(c), rv, -eps)), containment(d <= rv-eps, sphereIn(fp, v64(c), rv, eps)))

		m2 := rfrustum(r)
		g, gp := geom.NewBoundingFrustum(m2), frustumPoly(m2)
		ff.check(i, f.IntersectsFrustum(g), polyMeets(fp, gp, -eps), polyMeets(fp, gp, eps))
		ffc.check(i, f.ContainsFrustum(g), containment(polyMeets(fp, gp, -eps), allIn(fp, gp.verts, -eps)), containment(polyMeets(fp, gp, eps), allIn(fp, gp.verts, eps)))

		q := rplane(r)
		pl.check(i, f.IntersectsPlane(q), sideOf(v64(q.Normal), float64(q.D), fp.verts, eps), sideOf(v64(q.Normal), float64(q.D), fp.verts, -eps))
	}
	pt.done("Contains", "Disjoint")
	fb.done("true", "false")
	fbc.done("Contains", "Intersects", "Disjoint")
	fs.done("true", "false")
	fsc.done("Contains", "Intersects", "Disjoint")
	ff.done("true", "false")
	ffc.done("Intersects", "Disjoint")
	pl.done("Front", "Back", "Intersecting")
}

// rray returns a ray from around the scene, aimed near aim half the time.
func rray(r *rand.Rand, aim mgl32.Vec3) geom.Ray {
	p := rvec(r, 9)
	d := rvec(r, 1)
	if r.IntN(2) == 0 {
		d = aim.Add(rvec(r, 1.5)).Sub(p).Mul(float32(0.2 + r.Float64()*2))
	}
	return geom.Ray{Position: p, Direction: d}
}

// hitRef is a reference ray answer: hit or not, and the distance.
type hitRef struct {
	ok bool
	t  float64
}

// checkRay compares a ray answer with references computed with the
// boundaries grown and shrunk.
func checkRay(c *tally, i int, gt float32, gok bool, grown, shrunk hitRef) {
	c.t.Helper()
	c.check(i, gok, grown.ok, shrunk.ok)
	if gok && grown.ok && shrunk.ok {
		if d := math.Abs(float64(gt) - grown.t); d > 1e-4*max(1, grown.t) {
			c.t.Errorf("%s case %d: distance %v, reference %v", c.name, i, gt, grown.t)
		}
	}
}

// faceHits returns the nearest t >= 0 at which the ray meets one of the
// polytope's bounding planes at a point of the polytope, or 0 when it
// starts inside: a ray enters a convex body through a face.
func faceHits(p polytope, pos, dir vec, e float64) hitRef {
	if p.holds(pos, e) {
		return hitRef{true, 0}
	}
	best := hitRef{}
	for _, h := range p.hs {
		den := h.a.dot(dir)
		if den == 0 {
			continue
		}
		t := (e*h.a.norm() - h.at(pos)) / den
		if t < 0 || best.ok && t >= best.t {
			continue
		}
		if p.holds(pos.plus(dir.times(t)), e-1e-9) {
			best = hitRef{true, t}
		}
	}
	return best
}

func TestX1_RayDistancesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 32))
	rb, rs, rp, rf := newTally(t, "Ray.IntersectsBox"), newTally(t, "Ray.IntersectsSphere"),
		newTally(t, "Ray.IntersectsPlane"), newTally(t, "Ray.IntersectsFrustum")
	for i := range cases {
		lo, hi := rbox(r)
		b, bp := boxOf(lo, hi)
		ray := rray(r, lo.Add(hi).Mul(0.5))
		pos, dir := v64(ray.Position), v64(ray.Direction)
		gt, gok := ray.IntersectsBox(b)
		checkRay(rb, i, gt, gok, faceHits(bp, pos, dir, -eps), faceHits(bp, pos, dir, eps))
		if t2, ok2 := b.IntersectsRay(ray); t2 != gt || ok2 != gok {
			t.Errorf("case %d: BoundingBox.IntersectsRay differs", i)
		}

		c, rad := rsphere(r)
		ray = rray(r, c)
		pos, dir = v64(ray.Position), v64(ray.Direction)
		quad := func(e float64) hitRef {
			m := pos.minus(v64(c))
			R := float64(rad) + e
			a, bq, cq := dir.dot(dir), 2*dir.dot(m), m.dot(m)-R*R
			if cq <= 0 {
				return hitRef{true, 0}
			}
			disc := bq*bq - 4*a*cq
			if a == 0 || disc < 0 {
				return hitRef{}
			}
			t0 := (-bq - math.Sqrt(disc)) / (2 * a)
			return hitRef{t0 >= 0, t0}
		}
		gt, gok = ray.IntersectsSphere(geom.BoundingSphere{Center: c, Radius: rad})
		checkRay(rs, i, gt, gok, quad(eps), quad(-eps))

		q := rplane(r)
		ray = rray(r, q.Normal.Mul(-q.D/q.Normal.Dot(q.Normal)))
		pos, dir = v64(ray.Position), v64(ray.Direction)
		n, dd := v64(q.Normal), float64(q.D)
		tp := -(n.dot(pos) + dd) / n.dot(dir)
		gt, gok = ray.IntersectsPlane(q)
		rp.check(i, gok, tp >= 0, tp >= 0)
		if gok && math.Abs(float64(gt)-tp) > 1e-4*max(1, tp) {
			t.Errorf("Ray.IntersectsPlane case %d: distance %v, reference %v", i, gt, tp)
		}

		m := rfrustum(r)
		f, fp := geom.NewBoundingFrustum(m), frustumPoly(m)
		center := vec{}
		for _, v := range fp.verts {
			center = center.plus(v.times(1.0 / 8))
		}
		ray = rray(r, center.f32())
		pos, dir = v64(ray.Position), v64(ray.Direction)
		gt, gok = ray.IntersectsFrustum(f)
		checkRay(rf, i, gt, gok, faceHits(fp, pos, dir, -eps), faceHits(fp, pos, dir, eps))
	}
	rb.done("true", "false")
	rs.done("true", "false")
	rp.done("true", "false")
	rf.done("true", "false")
}

func (a vec) f32() mgl32.Vec3 { return mgl32.Vec3{float32(a[0]), float32(a[1]), float32(a[2])} }
