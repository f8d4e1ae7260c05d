package audio

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
)

// TestA1_InstanceStateMachine: XNA's transitions, and a sound that ends
// reads Stopped.
func TestA1_InstanceStateMachine(t *testing.T) {
	s, _ := newLockstep(t, 8)
	fx, _ := s.NewSoundEffectFloat(sinePCM(440, 4800, 48000), 48000, 1) // 0.1 s
	in := fx.CreateInstance()
	d := &driver{s: s}
	steps := []struct {
		do   func()
		want SoundState
	}{
		{func() {}, Stopped},
		{func() { in.Pause() }, Stopped},
		{func() { in.Resume() }, Stopped},
		{func() { in.Play() }, Playing},
		{func() { in.Play() }, Playing},
		{func() { in.Pause() }, Paused},
		{func() { in.Pause() }, Paused},
		{func() { in.Play() }, Playing}, // Play on Paused resumes
		{func() { in.Pause() }, Paused},
		{func() { in.Resume() }, Playing},
		{func() { in.Stop(false) }, Stopped},
		{func() { in.Play() }, Playing},
	}
	for i, st := range steps {
		d.update(t, st.do)
		if got := in.State(); got != st.want {
			t.Fatalf("step %d: state %v, want %v", i, got, st.want)
		}
	}
	for i := 0; i < 10; i++ {
		d.update(t, nil)
	}
	if in.State() != Stopped {
		t.Errorf("state %v after the sound's end, want Stopped", in.State())
	}
	in.SetIsLooped(true)
	d.update(t, func() { in.Play() })
	for i := 0; i < 20; i++ {
		d.update(t, nil)
	}
	if in.State() != Playing {
		t.Errorf("looped sound: %v after 3 lengths, want Playing", in.State())
	}
	if got := fx.Duration(); got != 100*time.Millisecond {
		t.Errorf("Duration %v, want 100ms", got)
	}
}

// TestA4_LockstepRenderIsByteIdentical: the same run renders the same
// WAV bytes twice.
func TestA4_LockstepRenderIsByteIdentical(t *testing.T) {
	dir := tempDir(t)
	a, b := renderScene(t, filepath.Join(dir, "a.wav")), renderScene(t, filepath.Join(dir, "b.wav"))
	if !bytes.Equal(a, b) {
		t.Fatal("two identical runs wrote different WAV files")
	}
	// 299 steps of 166,667 ticks at 48 kHz: 239,200.48 frames -> 239,200.
	if want := 44 + 239200*4; len(a) != want {
		t.Errorf("%d bytes, want %d", len(a), want)
	}
	p, err := readAll(mustDecoder(t, a), 1<<24)
	if err != nil || p.rate != 48000 || p.ch != 2 {
		t.Fatalf("the WAV does not read back: %v", err)
	}
}

// goldenSceneSHA256 is renderScene's file as Linux amd64 writes it; the
// Windows run of this test (scripts/windows.sh, under Wine) must agree.
const goldenSceneSHA256 = "0221c740395e0a405f63370c8bee67db651d9de5e72c309c0569e1f7bcff6fc0"

// TestA4_RenderIsTheSameOnEveryPlatform: the scene's WAV has the same
// bytes on every platform (every product in the mixer is rounded
// explicitly; math.Exp2 and the pan law's Cos and Sin are Go's own code).
func TestA4_RenderIsTheSameOnEveryPlatform(t *testing.T) {
	b := renderScene(t, filepath.Join(tempDir(t), "a.wav"))
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != goldenSceneSHA256 {
		t.Errorf("render's SHA-256 %s, want %s (%s/%s)", got, goldenSceneSHA256, runtime.GOOS, runtime.GOARCH)
	}
}

// renderScene renders 300 updates of a looping voice and fire-and-forget
// plays with pitch and pan into a WAV file at path and returns its bytes.
func renderScene(t *testing.T, path string) []byte {
	t.Helper()
	{
		w, err := CreateWAV(path, 48000, WAVPCM16)
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Config{Sink: w})
		if err != nil {
			t.Fatal(err)
		}
		fx, _ := s.NewSoundEffectFloat(sinePCM(330, 9000, 44100), 44100, 1)
		loop := fx.CreateInstance()
		loop.SetIsLooped(true)
		d := &driver{s: s}
		for i := 0; i < 300; i++ {
			d.update(t, func() {
				switch {
				case i == 1:
					loop.Play()
				case i%7 == 0:
					fx.Play(0.5, float32(i%13)/13-0.5, float32(i%5)/2-1)
				case i%50 == 0:
					loop.SetPitch(float32(i%3) / 3)
					loop.SetPan(-0.3)
				}
			})
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

func mustDecoder(t *testing.T, b []byte) decoder {
	t.Helper()
	d, err := openDecoder(sourceOf(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestA1_Apply3D: inverse-distance attenuation scaled by DistanceScale,
// pan from the emitter's side, Doppler up when approaching.
func TestA1_Apply3D(t *testing.T) {
	l := NewAudioListener()
	e := NewAudioEmitter()
	e.Position = mgl32.Vec3{0, 0, -0.5}
	if sp := compute3D(l, e, 1, 1, 343.5); sp.gain != 1 || math.Abs(float64(sp.pan)) > 1e-6 || sp.doppler != 1 {
		t.Errorf("close ahead: %+v", sp)
	}
	e.Position = mgl32.Vec3{0, 0, -4}
	if sp := compute3D(l, e, 2, 1, 343.5); math.Abs(float64(sp.gain)-0.5) > 1e-6 {
		t.Errorf("4 units at scale 2: gain %v, want 0.5", sp.gain)
	}
	e.Position = mgl32.Vec3{3, 0, 0}
	if sp := compute3D(l, e, 1, 1, 343.5); math.Abs(float64(sp.pan)-1) > 1e-6 {
		t.Errorf("emitter on the right: pan %v, want 1", sp.pan)
	}
	e.Position = mgl32.Vec3{-3, 0, 0}
	if sp := compute3D(l, e, 1, 1, 343.5); math.Abs(float64(sp.pan)+1) > 1e-6 {
		t.Errorf("emitter on the left: pan %v, want -1", sp.pan)
	}
	// Emitter approaching at 34.35 units/s: (c - 0) / (c - 34.35) = 1.111.
	e.Position = mgl32.Vec3{0, 0, -10}
	e.Velocity = mgl32.Vec3{0, 0, 34.35}
	if sp := compute3D(l, e, 1, 1, 343.5); math.Abs(sp.doppler-343.5/(343.5-34.35)) > 1e-4 {
		t.Errorf("approaching: doppler %v, want %v", sp.doppler, 343.5/(343.5-34.35))
	}
	if sp := compute3D(l, e, 1, 0, 343.5); sp.doppler != 1 {
		t.Errorf("DopplerScale 0: doppler %v", sp.doppler)
	}
	s, _ := newLockstep(t, 4)
	if s.SpeedOfSound() != 343.5 || s.DistanceScale() != 1 || s.DopplerScale() != 1 || s.MasterVolume() != 1 {
		t.Error("XNA's defaults")
	}
	if s.SetDistanceScale(0) == nil || s.SetSpeedOfSound(-1) == nil || s.SetDopplerScale(-1) == nil {
		t.Error("bad 3D settings accepted")
	}
}

// TestA1_DynamicBufferNeeded: BufferNeeded is raised while 2 or fewer
// buffers are pending, and submitted buffers play in order.
func TestA1_DynamicBufferNeeded(t *testing.T) {
	s, sink := newLockstep(t, 4)
	dyn, err := s.NewDynamicSoundEffectInstance(48000, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	need := 0
	dyn.BufferNeeded.Add(func() {
		need++
		buf := make([]byte, 2*400) // 400 frames of a DC level
		for i := 0; i < 400; i++ {
			buf[2*i+1] = 0x20
		}
		for dyn.PendingBufferCount() <= 2 {
			if err := dyn.SubmitBuffer(buf); err != nil {
				t.Fatal(err)
			}
		}
	})
	d := &driver{s: s}
	d.update(t, func() { dyn.Play() })
	for i := 0; i < 30; i++ {
		d.update(t, nil)
	}
	if need < 10 {
		t.Errorf("BufferNeeded raised %d times in 30 updates of 800 frames with 400-frame buffers", need)
	}
	if n := dyn.PendingBufferCount(); n < 1 || n > 3 {
		t.Errorf("pending %d", n)
	}
	// After the first ramp, the output is continuous (no starvation).
	f := sink.frames[2*2000 : 2*20000]
	for i := 0; i < len(f); i += 2 {
		if f[i] == 0 {
			t.Fatalf("silence at frame %d: the stream starved", 2000+i/2)
		}
	}
	if err := dyn.SubmitBuffer([]byte{1}); err == nil {
		t.Error("odd buffer accepted")
	}
}

// TestA1_MediaPlayerLoopsGapless: a repeating Song streams without a
// silent frame across its seams; events and PlayPosition follow.
func TestA1_MediaPlayerLoopsGapless(t *testing.T) {
	path := filepath.Join(tempDir(t), "dc.wav")
	vals := make([]float64, 4410) // 0.1 s of a constant level at 44.1 kHz
	for i := range vals {
		vals[i] = 0.25
	}
	if err := os.WriteFile(path, wavBytes(1, 1, 44100, 16, samplesAt(16, false, vals), -1), 0o644); err != nil {
		t.Fatal(err)
	}
	s, sink := newLockstep(t, 4)
	song, err := NewSong("dc", path)
	if err != nil {
		t.Fatal(err)
	}
	mp := s.MediaPlayer()
	mp.SetIsRepeating(true)
	changes, actives := 0, 0
	mp.MediaStateChanged.Add(func() { changes++ })
	mp.ActiveSongChanged.Add(func() { actives++ })
	d := &driver{s: s}
	d.update(t, func() {
		if err := mp.Play(song); err != nil {
			t.Fatal(err)
		}
	})
	for i := 0; i < 60; i++ {
		d.update(t, nil)
	}
	f := sink.frames[2*200:]
	for i := 0; i < len(f); i += 2 {
		if f[i] < 0.1 {
			t.Fatalf("gap at frame %d (%v)", 200+i/2, f[i])
		}
	}
	if pos := mp.PlayPosition(); pos <= 0 || pos >= 100*time.Millisecond {
		t.Errorf("PlayPosition %v, want within the 0.1 s song", pos)
	}
	d.update(t, func() { mp.Pause() })
	d.update(t, func() { mp.SetIsMuted(true); mp.Resume() })
	d.update(t, func() { mp.Stop() })
	if mp.State() != Stopped || changes != 4 || actives != 1 {
		t.Errorf("state %v, %d state changes (want 4), %d song changes (want 1)", mp.State(), changes, actives)
	}
	if _, err := NewSong("missing", filepath.Join(tempDir(t), "none.ogg")); err == nil {
		t.Error("missing file accepted")
	}
}
