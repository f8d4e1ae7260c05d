package geom_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

func near32(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-5*max(1, math.Abs(float64(b))) }

func TestX3_MathHelperWorkedValues(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float32
	}{
		{"Lerp(2, 6, .25)", geom.Lerp(2, 6, 0.25), 3},
		{"Lerp(2, 6, 1.5) extrapolates", geom.Lerp(2, 6, 1.5), 8},
		// Hermite with flat tangents: 10·(3s² - 2s³).
		{"SmoothStep(0, 10, .5)", geom.SmoothStep(0, 10, 0.5), 5},
		{"SmoothStep(0, 10, .25) = 10(.1875 - .03125)", geom.SmoothStep(0, 10, 0.25), 1.5625},
		{"SmoothStep clamps below", geom.SmoothStep(0, 10, -1), 0},
		{"SmoothStep clamps above", geom.SmoothStep(0, 10, 2), 10},
		// 2(.5) + 4(.125) + 6(.5) + 2(-.125).
		{"Hermite(2, 4, 6, 2, .5)", geom.Hermite(2, 4, 6, 2, 0.5), 4.25},
		{"Hermite at 0", geom.Hermite(2, 4, 6, 2, 0), 2},
		{"Hermite at 1", geom.Hermite(2, 4, 6, 2, 1), 6},
		{"CatmullRom on a line", geom.CatmullRom(0, 1, 2, 3, 0.5), 1.5},
		// .5·(0 + 1(.5) + 4(.25) - 3(.125)) = .5·1.125.
		{"CatmullRom(0, 0, 1, 0, .5)", geom.CatmullRom(0, 0, 1, 0, 0.5), 0.5625},
		{"CatmullRom at 0", geom.CatmullRom(7, 1, 2, 9, 0), 1},
		{"Barycentric(1, 3, 7, .5, .25) = 1 + 2(.5) + 6(.25)", geom.Barycentric(1, 3, 7, 0.5, 0.25), 3.5},
		{"WrapAngle(3π/2)", geom.WrapAngle(3 * math.Pi / 2), -math.Pi / 2},
		{"WrapAngle(-π) is π", geom.WrapAngle(-math.Pi), math.Pi},
		{"WrapAngle(π)", geom.WrapAngle(math.Pi), math.Pi},
		{"WrapAngle(7) = 7 - 2π", geom.WrapAngle(7), 7 - 2*math.Pi},
		{"WrapAngle(-7)", geom.WrapAngle(-7), -7 + 2*math.Pi},
		{"WrapAngle(5π)", geom.WrapAngle(5 * math.Pi), math.Pi},
		{"Clamp above", geom.Clamp(5, 0, 3), 3},
		{"Clamp below", geom.Clamp(-1, 0, 3), 0},
		{"Clamp inside", geom.Clamp(2, 0, 3), 2},
		{"Distance(-2, 3)", geom.Distance(-2, 3), 5},
		{"ToRadians(180)", geom.ToRadians(180), math.Pi},
		{"ToDegrees(π/2)", geom.ToDegrees(math.Pi / 2), 90},
		{"TwoPi", geom.TwoPi, 2 * math.Pi},
		{"DistanceV 3-4-5", geom.DistanceV(mgl32.Vec2{1, 1}, mgl32.Vec2{4, 5}), 5},
	} {
		if !near32(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name      string
		got, want mgl32.Vec4
	}{
		{"LerpV", geom.LerpV(mgl32.Vec4{0, 2, 4, 6}, mgl32.Vec4{4, 6, 8, 6}, 0.25), mgl32.Vec4{1, 3, 5, 6}},
		{"SmoothStepV", geom.SmoothStepV(mgl32.Vec4{0, 0, 0, 0}, mgl32.Vec4{10, 20, 0, -10}, 0.25), mgl32.Vec4{1.5625, 3.125, 0, -1.5625}},
		{"HermiteV", geom.HermiteV(mgl32.Vec4{2}, mgl32.Vec4{4}, mgl32.Vec4{6}, mgl32.Vec4{2}, 0.5), mgl32.Vec4{4.25}},
		{"CatmullRomV", geom.CatmullRomV(mgl32.Vec4{0, 0}, mgl32.Vec4{1, 0}, mgl32.Vec4{2, 1}, mgl32.Vec4{3, 0}, 0.5), mgl32.Vec4{1.5, 0.5625}},
		{"BarycentricV", geom.BarycentricV(mgl32.Vec4{1, 0}, mgl32.Vec4{3, 4}, mgl32.Vec4{7, 8}, 0.5, 0.25), mgl32.Vec4{3.5, 4}},
		{"ClampV", geom.ClampV(mgl32.Vec4{5, -1, 2, 0}, mgl32.Vec4{0, 0, 0, 1}, mgl32.Vec4{3, 3, 3, 2}), mgl32.Vec4{3, 0, 2, 1}},
	} {
		for i := range 4 {
			if !near32(c.got[i], c.want[i]) {
				t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				break
			}
		}
	}
	if v := geom.LerpV(mgl32.Vec3{0, 2, 4}, mgl32.Vec3{4, 6, 8}, 0.25); v != (mgl32.Vec3{1, 3, 5}) {
		t.Errorf("LerpV on Vec3 = %v", v)
	}
	a, b := mgl32.Vec3{1, 2, 3}, mgl32.Vec3{4, 5, 6}
	if n := testing.AllocsPerRun(100, func() { a = geom.SmoothStepV(a, b, 0.3) }); n != 0 {
		t.Errorf("SmoothStepV allocates %v times", n)
	}
}

func apply(m mgl32.Mat4, p mgl32.Vec3) mgl32.Vec3 {
	q := m.Mul4x1(p.Vec4(1))
	return q.Vec3().Mul(1 / q[3])
}

// TestX3_MatrixBuildersWorkedValues checks each builder on cases worked
// by hand (in the comments), as columns: X, Y, Z axes and translation.
func TestX3_MatrixBuildersWorkedValues(t *testing.T) {
	type axes [4]mgl32.Vec3
	colsOf := func(m mgl32.Mat4) axes {
		return axes{m.Col(0).Vec3(), m.Col(1).Vec3(), m.Col(2).Vec3(), m.Col(3).Vec3()}
	}
	zero := mgl32.Vec3{}
	for _, c := range []struct {
		name string
		got  mgl32.Mat4
		want axes
	}{
		// Z = object - camera = (0,0,-1); X = up x Z = (-1,0,0); Y = Z x X = (0,1,0).
		{"billboard ahead", geom.CreateBillboard(mgl32.Vec3{0, 0, -5}, zero, mgl32.Vec3{0, 1, 0}, zero),
			axes{{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, -5}}},
		// At the camera: Z = -cameraForward = (0,0,1); X = (0,1,0)x(0,0,1) = (1,0,0).
		{"billboard at the camera", geom.CreateBillboard(mgl32.Vec3{2, 0, 0}, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, -1}),
			axes{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 0, 0}}},
		// d = (1,0,0); X = (0,1,0)x(1,0,0) = (0,0,-1); Z = X x Y = (1,0,0).
		{"constrained billboard", geom.CreateConstrainedBillboard(mgl32.Vec3{5, 0, 0}, zero, mgl32.Vec3{0, 1, 0}, zero, zero),
			axes{{0, 0, -1}, {0, 1, 0}, {1, 0, 0}, {5, 0, 0}}},
		// Camera below, along the axis: Forward stands in; X = (0,1,0)x(0,0,-1) = (-1,0,0);
		// Z = X x Y = (0,0,-1).
		{"constrained billboard along its axis", geom.CreateConstrainedBillboard(mgl32.Vec3{0, 5, 0}, zero, mgl32.Vec3{0, 1, 0}, zero, zero),
			axes{{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}, {0, 5, 0}}},
		// The same with objectForward (1,0,0): X = (0,1,0)x(1,0,0) = (0,0,-1); Z = (1,0,0).
		{"constrained billboard along its axis, object forward", geom.CreateConstrainedBillboard(mgl32.Vec3{0, 5, 0}, zero, mgl32.Vec3{0, 1, 0}, zero, mgl32.Vec3{1, 0, 0}),
			axes{{0, 0, -1}, {0, 1, 0}, {1, 0, 0}, {0, 5, 0}}},
		// forward -Z, up Y: X = (0,0,-2)x(0,1,0) = (2,0,0) -> (1,0,0); Y = (0,1,0); Z = -forward.
		{"world facing -Z", geom.CreateWorld(mgl32.Vec3{1, 2, 3}, mgl32.Vec3{0, 0, -2}, mgl32.Vec3{0, 1, 0}),
			axes{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 2, 3}}},
		// forward +X: X = (1,0,0)x(0,1,0) = (0,0,1); Y = (0,0,1)x(1,0,0) = (0,1,0); Z = (-1,0,0).
		{"world facing +X", geom.CreateWorld(zero, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}),
			axes{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 0}}},
	} {
		got := colsOf(c.got)
		for i := range 4 {
			if !close3(got[i], c.want[i]) {
				t.Errorf("%s: columns %v, want %v", c.name, got, c.want)
				break
			}
		}
		if c.got.Row(3) != (mgl32.Vec4{0, 0, 0, 1}) {
			t.Errorf("%s: last row %v", c.name, c.got.Row(3))
		}
	}
	// Reflection through y = 1 (given unnormalized): (3, 5, 2) -> (3, -3, 2).
	if p := apply(geom.CreateReflection(geom.Plane{Normal: mgl32.Vec3{0, 2, 0}, D: -2}), mgl32.Vec3{3, 5, 2}); !close3(p, mgl32.Vec3{3, -3, 2}) {
		t.Errorf("reflection = %v, want (3, -3, 2)", p)
	}
	// Shadow on y = 0 along (1,-1,0): (0,2,0) - (1,-1,0)·(2 / -1) = (2,0,0).
	shadow := geom.CreateShadow(mgl32.Vec3{1, -1, 0}, geom.Plane{Normal: mgl32.Vec3{0, 1, 0}})
	if p := apply(shadow, mgl32.Vec3{0, 2, 0}); !close3(p, mgl32.Vec3{2, 0, 0}) {
		t.Errorf("shadow = %v, want (2, 0, 0)", p)
	}
	if p := apply(shadow, mgl32.Vec3{4, 0, -1}); !close3(p, mgl32.Vec3{4, 0, -1}) {
		t.Errorf("shadow of a point on the plane = %v", p)
	}
}

// TestX3_MatrixBuildersAgreeWithTheirDefinitions checks the builders on
// random input against what they mean: CreateWorld is the inverse of
// mathgl's LookAtV (XNA's CreateWorld is the inverse of CreateLookAt), a
// reflection mirrors a point through the plane, a shadow lands on the
// plane along the light, and Decompose recovers Translate*Rotate*Scale.
func TestX3_MatrixBuildersAgreeWithTheirDefinitions(t *testing.T) {
	r := newRand(7)
	for i := range 1000 {
		pos, fwd, up := rvec(r, 5), rvec(r, 1), rvec(r, 1)
		if fwd.Len() < 0.1 || up.Cross(fwd).Len() < 0.1*up.Len()*fwd.Len() {
			continue
		}
		w, want := geom.CreateWorld(pos, fwd, up), mgl32.LookAtV(pos, pos.Add(fwd), up).Inv()
		for k := range 16 {
			if math.Abs(float64(w[k]-want[k])) > 1e-4 {
				t.Fatalf("case %d: CreateWorld %v, inverse LookAt %v", i, w, want)
			}
		}

		pl := rplane(r)
		q := rvec(r, 5)
		n, d := v64(pl.Normal), float64(pl.D)
		mirror := v64(q).minus(n.times(2 * (n.dot(v64(q)) + d) / n.dot(n)))
		if got := apply(geom.CreateReflection(pl), q); !close3(got, mirror.f32()) {
			t.Fatalf("case %d: reflection %v, want %v", i, got, mirror)
		}
		light := rvec(r, 1)
		if math.Abs(float64(light.Dot(pl.Normal))) > 0.2*float64(light.Len()*pl.Normal.Len()) {
			s := v64(apply(geom.CreateShadow(light, pl), q))
			off := s.minus(v64(q))
			along := off.norm() - math.Abs(off.dot(v64(light)))/v64(light).norm()
			if math.Abs(n.dot(s)+d)/n.norm() > 1e-3 || math.Abs(along) > 1e-3*max(1, off.norm()) {
				t.Fatalf("case %d: shadow %v of %v is off the plane or not along the light", i, s, q)
			}
		}

		scale := mgl32.Vec3{float32(0.2 + r.Float64()*3), float32(0.2 + r.Float64()*3), float32(0.2 + r.Float64()*3)}
		if r.IntN(2) == 0 {
			scale[0] = -scale[0]
		}
		axis := rvec(r, 1)
		if axis.Len() < 0.1 {
			continue
		}
		rot := mgl32.QuatRotate(float32(r.Float64()*6), axis.Normalize())
		trs := mgl32.Translate3D(pos[0], pos[1], pos[2]).Mul4(rot.Mat4()).Mul4(mgl32.Scale3D(scale[0], scale[1], scale[2]))
		gs, gr, gt, ok := geom.Decompose(trs)
		back := mgl32.Translate3D(gt[0], gt[1], gt[2]).Mul4(gr.Mat4()).Mul4(mgl32.Scale3D(gs[0], gs[1], gs[2]))
		for k := range 16 {
			if !ok || math.Abs(float64(back[k]-trs[k])) > 1e-4 {
				t.Fatalf("case %d: Decompose(%v) = %v %v %v %v, recomposed %v", i, trs, gs, gr, gt, ok, back)
			}
		}
		if !close3(gt, pos) || !close3(mgl32.Vec3{abs32(gs[0]), gs[1], gs[2]}, mgl32.Vec3{abs32(scale[0]), scale[1], scale[2]}) {
			t.Fatalf("case %d: translation %v scale %v, want %v %v", i, gt, gs, pos, scale)
		}
	}
	// Worked: T(1,2,3)·RotZ(90°)·S(2,3,4): scale (2,3,4), rotation (cos 45°, 0, 0, sin 45°).
	s, q, tr, ok := geom.Decompose(mgl32.Translate3D(1, 2, 3).Mul4(mgl32.HomogRotate3DZ(math.Pi / 2)).Mul4(mgl32.Scale3D(2, 3, 4)))
	if !ok || !close3(s, mgl32.Vec3{2, 3, 4}) || !close3(tr, mgl32.Vec3{1, 2, 3}) || !near32(q.W, float32(math.Sqrt(0.5))) || !close3(q.V, mgl32.Vec3{0, 0, float32(math.Sqrt(0.5))}) {
		t.Errorf("Decompose = %v %v %v %v", s, q, tr, ok)
	}
	if s, _, _, _ := geom.Decompose(mgl32.Scale3D(-1, 1, 1)); s != (mgl32.Vec3{-1, 1, 1}) {
		t.Errorf("Decompose of a mirror: scale %v, want (-1, 1, 1)", s)
	}
	if _, q, _, ok := geom.Decompose(mgl32.Scale3D(0, 1, 1)); ok || q != mgl32.QuatIdent() {
		t.Errorf("Decompose of a flat matrix: %v %v, want false and the identity", q, ok)
	}
}

func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }

func TestX3_Point(t *testing.T) {
	if v := (geom.Point{X: 3, Y: -4}).ToVector2(); v != (mgl32.Vec2{3, -4}) {
		t.Errorf("ToVector2 = %v", v)
	}
}
