package audio

import (
	"errors"
	"runtime"
	"testing"
)

// TestA1_DisposeStopsAndRefuses: Dispose of a SoundEffect stops its
// fire-and-forget voices and its instances; a disposed instance reads
// Stopped and refuses Play; a disposed dynamic instance refuses buffers
// and raises BufferNeeded no more; a disposed Song stops the MediaPlayer
// and refuses Play with ErrDisposed. Second calls and calls after
// Dispose never panic.
func TestA1_DisposeStopsAndRefuses(t *testing.T) {
	s, _ := newLockstep(t, 8)
	d := &driver{s: s}
	fx, _ := s.NewSoundEffectFloat(sinePCM(440, 48000, 48000), 48000, 1) // 1 s
	loop := fx.CreateInstance()
	loop.SetIsLooped(true)
	d.update(t, func() {
		fx.Play(1, 0, 0)
		fx.Play(1, 0.5, -1)
		loop.Play()
	})
	d.update(t, nil)
	if n := s.Stats().Voices; n != 3 {
		t.Fatalf("%d voices playing, want 3", n)
	}
	d.update(t, func() { fx.Dispose() })
	d.update(t, nil)
	if n := s.Stats().Voices; n != 0 {
		t.Errorf("%d voices still playing after the SoundEffect's Dispose", n)
	}
	if !fx.IsDisposed() || !loop.IsDisposed() || loop.State() != Stopped || loop.Play() || fx.Play(1, 0, 0) || fx.CreateInstance().Play() {
		t.Error("a disposed SoundEffect or its instance still plays")
	}
	fx.Dispose()

	fx2, _ := s.NewSoundEffectFloat(sinePCM(440, 48000, 48000), 48000, 1)
	in := fx2.CreateInstance()
	d.update(t, func() { in.Play() })
	d.update(t, func() { in.Dispose() })
	d.update(t, nil)
	if n := s.Stats().Voices; n != 0 || in.State() != Stopped || in.Play() || !in.IsDisposed() || fx2.IsDisposed() {
		t.Errorf("disposed instance: %d voices, state %v", n, in.State())
	}
	in.Pause()
	in.Resume()
	in.Stop(true)
	in.SetVolume(0.5)
	in.SetIsLooped(true)
	in.Apply3D(NewAudioListener(), NewAudioEmitter())
	in.Dispose()

	dyn, err := s.NewDynamicSoundEffectInstance(48000, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	needs := 0
	dyn.BufferNeeded.Add(func() { needs++ })
	d.update(t, func() { dyn.Play() })
	d.update(t, func() { dyn.Dispose() })
	before := needs
	for i := 0; i < 5; i++ {
		d.update(t, nil)
	}
	if needs != before {
		t.Errorf("BufferNeeded raised %d times after Dispose", needs-before)
	}
	if err := dyn.SubmitBuffer(make([]byte, 200)); !errors.Is(err, ErrDisposed) {
		t.Errorf("SubmitBuffer after Dispose: %v, want ErrDisposed", err)
	}
	if err := dyn.SubmitFloatBuffer(make([]float32, 100)); !errors.Is(err, ErrDisposed) {
		t.Errorf("SubmitFloatBuffer after Dispose: %v, want ErrDisposed", err)
	}
	if dyn.Play() || dyn.State() != Stopped || len(s.dynamic) != 0 {
		t.Errorf("disposed dynamic instance: state %v, %d listed", dyn.State(), len(s.dynamic))
	}
	dyn.Stop(false)
	dyn.Dispose()

	song, err := NewSongFromBytes("dc", wavBytes(1, 1, 48000, 16, make([]byte, 96000), -1))
	if err != nil {
		t.Fatal(err)
	}
	mp := s.MediaPlayer()
	d.update(t, func() {
		if err := mp.Play(song); err != nil {
			t.Fatal(err)
		}
	})
	d.update(t, func() { song.Dispose() })
	if mp.State() != Stopped || !song.IsDisposed() {
		t.Errorf("MediaPlayer %v after its Song's Dispose", mp.State())
	}
	if err := mp.Play(song); !errors.Is(err, ErrDisposed) {
		t.Errorf("Play of a disposed Song: %v, want ErrDisposed", err)
	}
	song.Dispose()
}

// TestA1_DynamicInstanceChurnKeepsTheHeapBounded: one dynamic instance
// (stereo, 1 s of buffer: 512 KB) made, fed and played per update for
// 600 updates, the previous one disposed, or only stopped, or never
// played, leaves the heap about where it was (the System kept every one:
// 640 MB after 1,200 updates).
func TestA1_DynamicInstanceChurnKeepsTheHeapBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		end  func(*DynamicSoundEffectInstance)
		play bool
	}{
		{"disposed", (*DynamicSoundEffectInstance).Dispose, true},
		{"stopped", func(d *DynamicSoundEffectInstance) { d.Stop(true) }, true},
		{"never played", func(*DynamicSoundEffectInstance) {}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newLockstep(t, 8)
			s.sink = nil // keep no frames
			d := &driver{s: s}
			buf := make([]byte, 4*800)
			var prev *DynamicSoundEffectInstance
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for i := 0; i < 600; i++ {
				d.update(t, func() {
					if prev != nil {
						c.end(prev)
					}
					dyn, err := s.NewDynamicSoundEffectInstance(48000, 2, 0)
					if err != nil {
						t.Fatal(err)
					}
					if err := dyn.SubmitBuffer(buf); err != nil {
						t.Fatal(err)
					}
					if c.play && !dyn.Play() {
						t.Fatalf("update %d: Play refused", i)
					}
					prev = dyn
				})
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			grew := int64(after.HeapInuse) - int64(before.HeapInuse)
			t.Logf("heap in use grew %d KB over 600 instances of 512 KB", grew>>10)
			if grew > 48<<20 {
				t.Errorf("heap in use grew %d MB over 600 instances", grew>>20)
			}
			runtime.KeepAlive(s)
		})
	}
}
