package audio

import (
	"bytes"
	"math"
	"testing"
)

// badFloatWAV is a mono 32-bit float WAV at 48 kHz of 0.1 s whose samples
// cycle through +Inf, -Inf, 3e38, -3e38, NaN and 0.5.
func badFloatWAV() []byte {
	inf := math.Inf(1)
	vals := make([]float64, 4800)
	cycle := []float64{inf, -inf, 3e38, -3e38, math.NaN(), 0.5}
	for i := range vals {
		vals[i] = cycle[i%len(cycle)]
	}
	return wavBytes(3, 1, 48000, 32, samplesAt(32, true, vals), -1)
}

// renderWith renders 30 updates in lockstep with a quiet sine voice and,
// when bad is set, a float WAV of infinities played beside it at volume
// 0.2; it returns every frame.
func renderWith(t *testing.T, sine, bad bool) []float32 {
	t.Helper()
	s, sink := newLockstep(t, 8)
	fx, err := s.NewSoundEffectFloat(sinePCM(440, 48000, 48000), 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	worst, err := s.NewSoundEffect("inf.wav", bytes.NewReader(badFloatWAV()))
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{s: s}
	d.update(t, func() {
		if sine && !fx.Play(0.5, 0, 0) {
			t.Fatal("sine refused")
		}
		if bad && !worst.Play(0.2, 0, 0) {
			t.Fatal("bad sound refused")
		}
	})
	for i := 0; i < 30; i++ {
		d.update(t, nil)
	}
	return sink.frames
}

// TestA2_InfiniteSamplesNeverReachTheMix: a float WAV of +-Inf, +-3e38
// and NaN decodes to full scale at most (NaN to 0), so the mix stays
// finite and a voice beside it sounds as it does alone (the sum below the
// limiter's knee is the two voices' sum).
func TestA2_InfiniteSamplesNeverReachTheMix(t *testing.T) {
	both := renderWith(t, true, true)
	alone := renderWith(t, true, false)
	badOnly := renderWith(t, false, true)
	if len(both) != len(alone) || len(both) != len(badOnly) {
		t.Fatalf("renders of %d, %d, %d samples", len(both), len(alone), len(badOnly))
	}
	for i, x := range both {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x > 1 || x < -1 {
			t.Fatalf("sample %d of the mix is %v", i, x)
		}
		if want := alone[i] + badOnly[i]; math.Abs(float64(x-want)) > 1e-6 {
			t.Fatalf("sample %d is %v, want the sine's %v plus the clipped sound's %v", i, x, alone[i], badOnly[i])
		}
	}
	// The bad sound itself is clipped to full scale, NaN to 0.
	p, err := readAll(mustDecoder(t, badFloatWAV()), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{1, -1, 1, -1, 0, 0.5}
	for i, v := range p.data[:6] {
		if v != want[i] {
			t.Errorf("decoded sample %d = %v, want %v", i, v, want[i])
		}
	}
}

// TestA2_FloatBuffersAreSanitized: a DynamicSoundEffectInstance's float
// buffers and NewSoundEffectFloat's samples are clipped to full scale,
// NaN to 0; good samples are kept as they are, without a copy.
func TestA2_FloatBuffersAreSanitized(t *testing.T) {
	s, sink := newLockstep(t, 4)
	dyn, err := s.NewDynamicSoundEffectInstance(48000, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 4800)
	for i := range buf {
		buf[i] = []float32{float32(math.Inf(1)), float32(math.NaN()), -3e38, 0.25}[i%4]
	}
	if err := dyn.SubmitFloatBuffer(buf); err != nil {
		t.Fatal(err)
	}
	if err := dyn.SubmitFloatBuffer(buf[:0]); err == nil {
		t.Error("an empty float buffer was accepted")
	}
	d := &driver{s: s}
	d.update(t, func() { dyn.Play() })
	for i := 0; i < 10; i++ {
		d.update(t, nil)
	}
	var peak float32
	for i, x := range sink.frames {
		if x != x || x > 1 || x < -1 {
			t.Fatalf("sample %d of the mix is %v", i, x)
		}
		peak = max(peak, x)
	}
	if peak < 0.5 {
		t.Errorf("peak %v: the clipped +Inf should play near full scale", peak)
	}
	good := []float32{0, 0.5, -1, 1}
	fx, err := s.NewSoundEffectFloat(good, 48000, 1)
	if err != nil || &fx.data.data[0] != &good[0] {
		t.Errorf("good samples were copied (or refused: %v)", err)
	}
	fx, err = s.NewSoundEffectFloat([]float32{float32(math.NaN()), 2, -2, float32(math.Inf(-1))}, 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{0, 1, -1, -1} {
		if fx.data.data[i] != want {
			t.Errorf("sample %d = %v, want %v", i, fx.data.data[i], want)
		}
	}
}

// TestA2_MixerGuardsItsOutput: samples that reach the mixer unsanitized
// (NaN, infinities) still leave it finite, and the steady state still
// allocates nothing.
func TestA2_MixerGuardsItsOutput(t *testing.T) {
	m := newMixer(48000, 4, 16)
	raw := &pcm{data: []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0.5}, ch: 1, rate: 48000, frames: 4}
	m.q.push(command{kind: cmdPlay, slot: 0, gen: 1, src: raw, loop: true, at: -1, gl: 1, gr: 1, step: 1 << 32})
	dst := make([]float32, 2*256)
	check := func() {
		m.render(dst)
		for i, x := range dst {
			if x != x || x > 1 || x < -1 {
				t.Fatalf("output sample %d is %v", i, x)
			}
		}
	}
	check()
	if a := testing.AllocsPerRun(50, check); a != 0 {
		t.Errorf("%v allocations per render", a)
	}
	for _, c := range []struct{ in, want float32 }{{float32(math.Inf(1)), 1}, {float32(math.Inf(-1)), -1}, {3e38, 1}, {0.5, 0.5}} {
		if got := limit(c.in); got != c.want {
			t.Errorf("limit(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestA2_NaNParametersCountAsZero: NaN for a volume, pitch or pan counts
// as 0 (silence, no pitch change, the centre), not as one end of the
// range; finite values outside are clamped.
func TestA2_NaNParametersCountAsZero(t *testing.T) {
	s, _ := newLockstep(t, 8)
	fx, err := s.NewSoundEffectFloat(sinePCM(440, 48000, 4800), 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	nan := float32(math.NaN())
	in := fx.CreateInstance()
	in.SetVolume(nan)
	in.SetPitch(nan)
	in.SetPan(nan)
	if in.Volume() != 0 || in.Pitch() != 0 || in.Pan() != 0 {
		t.Errorf("NaN set: volume %v, pitch %v, pan %v; want 0 each", in.Volume(), in.Pitch(), in.Pan())
	}
	in.SetVolume(5)
	in.SetPitch(-3)
	in.SetPan(2)
	if in.Volume() != 1 || in.Pitch() != -1 || in.Pan() != 1 {
		t.Errorf("out of range: volume %v, pitch %v, pan %v; want 1, -1, 1", in.Volume(), in.Pitch(), in.Pan())
	}
	s.SetMasterVolume(nan)
	if s.MasterVolume() != 0 {
		t.Errorf("master volume NaN: %v, want 0", s.MasterVolume())
	}
}
