package audio

import (
	"math"
	"testing"
)

// TestA3_SoundsStartOnGameTime: clicks played every 60 updates of the
// default 60 Hz step start N x 800.0016 frames apart (game time, not an
// update count), so each gap is 48,000 frames within one.
func TestA3_SoundsStartOnGameTime(t *testing.T) {
	s, sink := newLockstep(t, 8)
	click, err := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{s: s}
	var want []int64
	for i := 0; i < 60*10+2; i++ {
		play := i > 1 && (i-1)%60 == 0
		d.update(t, func() {
			if play {
				if !click.Play(1, 0, 0) {
					t.Fatal("Play refused")
				}
				want = append(want, s.framesOf(d.t))
			}
		})
	}
	got := onsets(sink.frames, 0.001, 100)
	if len(got) != len(want) {
		t.Fatalf("%d onsets, want %d: %v", len(got), len(want), got)
	}
	for i := range got {
		if int64(got[i]) != want[i] {
			t.Errorf("onset %d at frame %d, want %d (game time)", i, got[i], want[i])
		}
		if i > 0 {
			if gap := got[i] - got[i-1]; gap < 47999 || gap > 48001 {
				t.Errorf("gap %d: %d frames, want 48000 within one", i, gap)
			}
		}
	}
	if st := s.Stats(); st.Late != 0 || st.Dropped != 0 {
		t.Errorf("late %d dropped %d, want 0", st.Late, st.Dropped)
	}
}

// TestA3_GameTimeNotUpdateCount: after ten hours of the 60 Hz step, a
// sound's frame is still game time x rate (800.0016 frames per step, no
// drift from counting 800 per update).
func TestA3_GameTimeNotUpdateCount(t *testing.T) {
	s, _ := newLockstep(t, 8)
	n := int64(60 * 3600 * 10)
	got := s.framesOf(step * 166667 / 166667 * timingSpan(n))
	want := int64(math.Round(float64(n) * 166667 * 48000 / 1e7))
	if got != want || got == n*800 {
		t.Fatalf("frame after %d steps = %d, want %d (not %d)", n, got, want, n*800)
	}
}

// TestA3_LateSoundStartsAtOnce: a sound played for a game time whose
// frame was already rendered starts at once and is counted late.
func TestA3_LateSoundStartsAtOnce(t *testing.T) {
	s, sink := newLockstep(t, 8)
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	d := &driver{s: s}
	for i := 0; i < 10; i++ {
		d.update(t, nil)
	}
	// An Update whose game time lies 5 steps in the past (a reset clock).
	gt := gtAt(d.t-5*step, step)
	s.BeginUpdate(gt)
	click.Play(1, 0, 0)
	if err := s.EndUpdate(gtAt(d.t, step)); err != nil {
		t.Fatal(err)
	}
	on := onsets(sink.frames, 0.001, 100)
	if len(on) != 1 || int64(on[0]) != s.framesOf(d.t) {
		t.Errorf("onsets %v, want one at %d (at once)", on, s.framesOf(d.t))
	}
	if s.Stats().Late != 1 {
		t.Errorf("late = %d, want 1", s.Stats().Late)
	}
}

// TestA2_VoiceLimit: Play past the voice limit returns false and is
// counted; a voice that ended frees its slot.
func TestA2_VoiceLimit(t *testing.T) {
	s, _ := newLockstep(t, 4)
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	d := &driver{s: s}
	d.update(t, func() {
		for i := 0; i < 4; i++ {
			if !click.Play(0.2, 0, 0) {
				t.Fatalf("play %d refused", i)
			}
		}
		if click.Play(0.2, 0, 0) {
			t.Fatal("fifth play accepted with 4 voices")
		}
	})
	if s.Stats().Dropped != 1 {
		t.Errorf("dropped = %d, want 1", s.Stats().Dropped)
	}
	d.update(t, nil)
	d.update(t, nil)
	d.update(t, func() {
		if !click.Play(0.2, 0, 0) {
			t.Error("play refused after the clicks ended")
		}
	})
}

// TestA2_QueueFullRefuses: a full game-to-mixer queue makes Play return
// false at once (the game never waits).
func TestA2_QueueFullRefuses(t *testing.T) {
	s, err := New(Config{Voices: 1024, QueueLength: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	click, _ := s.NewSoundEffectFloat(clickPCM(), 48000, 1)
	s.BeginUpdate(gtAt(0, 0))
	ok := 0
	for i := 0; i < 40; i++ {
		if click.Play(0.1, 0, 0) {
			ok++
		}
	}
	if ok != 16 || s.Stats().Dropped != 24 {
		t.Errorf("accepted %d dropped %d, want 16 and 24", ok, s.Stats().Dropped)
	}
}

// TestA2_NoClicks: start, pause, resume, a volume change and stop of a
// full-scale sine ramp (2 ms), so no sample-to-sample step exceeds what
// the sine itself has plus the ramp's share.
func TestA2_NoClicks(t *testing.T) {
	s, sink := newLockstep(t, 8)
	// 1 kHz sine: its own largest step is 2*pi*1000/48000*0.5 ~ 0.065.
	fx, _ := s.NewSoundEffectFloat(sinePCM(1000, 48000, 48000), 48000, 1)
	in := fx.CreateInstance()
	in.SetIsLooped(true)
	d := &driver{s: s}
	script := map[int]func(){
		2:  func() { in.Play() },
		10: func() { in.Pause() },
		14: func() { in.Resume() },
		20: func() { in.SetVolume(0.1) },
		24: func() { in.SetVolume(1) },
		28: func() { in.SetPan(-1) },
		32: func() { in.Stop(true) },
	}
	for i := 0; i < 40; i++ {
		d.update(t, script[i])
	}
	if st := maxStep(sink.frames); st > 0.08 {
		t.Errorf("largest step %.4f, want <= 0.08 (the sine's own ~0.046 at -3 dB pan, plus ramps)", st)
	}
	if in.State() != Stopped {
		t.Errorf("state %v after Stop", in.State())
	}
	// The tail after the stop is silent.
	tail := sink.frames[len(sink.frames)-2*1000:]
	for _, x := range tail {
		if x != 0 {
			t.Fatalf("sound after Stop: %v", x)
		}
	}
}

// TestA2_PanIsEqualPower: a mono sound's two gains have squares that sum
// to 1 at every pan; hard left is silent on the right.
func TestA2_PanIsEqualPower(t *testing.T) {
	for _, p := range []float32{-1, -0.5, 0, 0.3, 1} {
		l, r := panGains(p, 1)
		if e := l*l + r*r; math.Abs(float64(e)-1) > 1e-6 {
			t.Errorf("pan %v: l^2+r^2 = %v", p, e)
		}
	}
	if l, r := panGains(-1, 1); r > 1e-7 || l < 0.999 {
		t.Errorf("hard left: %v %v", l, r)
	}
	if l, r := panGains(0, 2); l != 1 || r != 1 {
		t.Errorf("stereo centre: %v %v, want unity", l, r)
	}
}

// TestA2_PitchResamples: pitch +1 octave halves a sound's length.
func TestA2_PitchResamples(t *testing.T) {
	s, sink := newLockstep(t, 8)
	fx, _ := s.NewSoundEffectFloat(sinePCM(100, 4800, 48000), 48000, 1) // 0.1 s
	d := &driver{s: s}
	d.update(t, func() { fx.Play(1, 1, 0) })
	for i := 0; i < 20; i++ {
		d.update(t, nil)
	}
	last := 0
	for i := 0; i < len(sink.frames)/2; i++ {
		if sink.frames[2*i] != 0 {
			last = i
		}
	}
	if last < 2390 || last > 2402 {
		t.Errorf("last sounding frame %d, want ~2400 (half of 4800)", last)
	}
}

// TestA2_LimiterIsSoft: the sum never reaches full scale, and quiet
// signals pass unchanged.
func TestA2_LimiterIsSoft(t *testing.T) {
	if limit(0.5) != 0.5 || limit(-0.7) != -0.7 {
		t.Error("limiter changes signals below its knee")
	}
	prev := float32(0)
	for x := float32(0); x < 40; x += 0.01 {
		y := limit(x)
		if y >= 1 || y < prev {
			t.Fatalf("limit(%v) = %v (prev %v)", x, y, prev)
		}
		prev = y
	}
}

// TestA2_MixAllocatesNothing: a steady state of 32 voices with pitch and
// pan mixes without a heap allocation, commands included.
func TestA2_MixAllocatesNothing(t *testing.T) {
	s, _ := newLockstep(t, 64)
	fx, _ := s.NewSoundEffectFloat(sinePCM(440, 48000, 44100), 44100, 1)
	var ins []*SoundEffectInstance
	d := &driver{s: s}
	d.update(t, func() {
		for i := 0; i < 32; i++ {
			in := fx.CreateInstance()
			in.SetIsLooped(true)
			in.SetPitch(float32(i)/32 - 0.5)
			in.SetPan(float32(i)/16 - 1)
			in.Play()
			ins = append(ins, in)
		}
	})
	k := 0
	allocs := testing.AllocsPerRun(200, func() {
		d.update(t, func() {
			ins[k%32].SetVolume(float32(k%10) / 10)
			fx.Play(0.1, 0.5, 0.5)
			k++
		})
	})
	if allocs != 0 {
		t.Errorf("%v allocations per update, want 0", allocs)
	}
}

// BenchmarkA2_Mix32Voices mixes 32 looping voices with pitch and pan at
// 48 kHz in 10 ms blocks and reports CPU-ms per second of audio.
func BenchmarkA2_Mix32Voices(b *testing.B) {
	m := newMixer(48000, 64, 1024)
	src := &pcm{data: sinePCM(440, 44100, 44100), ch: 1, rate: 44100, frames: 44100}
	for i := 0; i < 32; i++ {
		gl, gr := panGains(float32(i)/16-1, 1)
		m.q.push(command{kind: cmdPlay, slot: int32(i), gen: 1, src: src, loop: true, at: -1,
			gl: gl * 0.05, gr: gr * 0.05, step: stepFor(44100, 48000, float32(i)/32-0.5)})
	}
	buf := make([]float32, 2*480)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		m.render(buf)
	}
	el := cpuTime() - start
	audioSec := float64(b.N) * 480 / 48000
	b.ReportMetric(el.Seconds()*1000/audioSec, "cpu-ms/audio-s")
}
