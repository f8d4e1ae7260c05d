package audio

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// oneFrameSong writes a WAV of one mono frame at 0.5 and returns it as a
// Song.
func oneFrameSong(t *testing.T) *Song {
	t.Helper()
	path := filepath.Join(tempDir(t), "one.wav")
	if err := os.WriteFile(path, wavBytes(1, 1, 48000, 16, samplesAt(16, false, []float64{0.5}), -1), 0o644); err != nil {
		t.Fatal(err)
	}
	song, err := NewSong("one", path)
	if err != nil {
		t.Fatal(err)
	}
	return song
}

// TestA1_RepeatingOneFrameSongLoopsFromMemory: a repeating song of one
// sample frame plays, in lockstep, as that frame repeated, with its file
// opened once for Play (it used to be reopened for every frame: 4.4 s in
// Play and without end on a real-time output).
func TestA1_RepeatingOneFrameSongLoopsFromMemory(t *testing.T) {
	s, sink := newLockstep(t, 4)
	song := oneFrameSong(t)
	mp := s.MediaPlayer()
	mp.SetIsRepeating(true)
	d := &driver{s: s}
	opened := song.opens.Load()
	d.update(t, func() {
		if err := mp.Play(song); err != nil {
			t.Fatal(err)
		}
	})
	for i := 0; i < 600; i++ { // 10 s
		d.update(t, nil)
	}
	if n := song.opens.Load() - opened; n != 1 {
		t.Errorf("the song's file was opened %d times in 10 s of repeats, want 1", n)
	}
	if mp.State() != Playing {
		t.Errorf("state %v, want Playing", mp.State())
	}
	// Past the 2 ms ramp every frame is the one frame, centred: 0.5 x
	// cos(pi/4) in both channels.
	f := sink.frames[2*200:]
	if len(f) < 2*400000 {
		t.Fatalf("only %d frames rendered", len(f)/2)
	}
	want := f[0]
	if want < 0.35 || want > 0.36 {
		t.Fatalf("frame 200 is %v, want 0.5 x cos(pi/4)", want)
	}
	for i, x := range f {
		if x != want {
			t.Fatalf("frame %d channel %d is %v, want the repeated %v", 200+i/2, i%2, x, want)
		}
	}
	if pos := mp.PlayPosition(); pos != 0 {
		t.Errorf("PlayPosition %v in a one-frame song, want 0", pos)
	}
}

// TestA1_RepeatingOneFrameSongOnARealtimeOutput: on an output whose
// goroutine pulls frames as fast as it can, Play and EndUpdate of a
// repeating one-frame song return (the refill used to chase the reader
// for ever); the wait is bounded by a generous limit.
func TestA1_RepeatingOneFrameSongOnARealtimeOutput(t *testing.T) {
	out := &pullingOutput{stop: make(chan struct{}), done: make(chan struct{})}
	s, err := New(Config{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	song := oneFrameSong(t)
	mp := s.MediaPlayer()
	mp.SetIsRepeating(true)
	opened := song.opens.Load()
	finished := make(chan error, 1)
	go func() {
		gt := gtAt(0, 0)
		s.BeginUpdate(gt)
		err := mp.Play(song)
		s.EndUpdate(gt)
		for i := 1; i < 120 && err == nil; i++ {
			gt = gtAt(step*timingSpan(int64(i)), step)
			s.BeginUpdate(gt)
			s.EndUpdate(gt)
		}
		finished <- err
	}()
	select {
	case err := <-finished:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Play and 120 updates of a repeating one-frame song did not return in 60 s")
	}
	if mp.State() != Playing {
		t.Errorf("state %v, want Playing", mp.State())
	}
	if n := song.opens.Load() - opened; n != 1 {
		t.Errorf("the song's file was opened %d times, want 1", n)
	}
}

// pullingOutput is an Output whose goroutine renders period after period
// without pause, as fast as the mixer goes, until Close.
type pullingOutput struct {
	stop, done chan struct{}
}

func (p *pullingOutput) SampleRate() int        { return 48000 }
func (p *pullingOutput) PeriodFrames() int      { return 960 }
func (p *pullingOutput) Latency() time.Duration { return 0 }
func (p *pullingOutput) Underruns() int64       { return 0 }
func (p *pullingOutput) Start(render func(dst []float32)) error {
	go func() {
		defer close(p.done)
		buf := make([]float32, 2*960)
		for {
			select {
			case <-p.stop:
				return
			default:
				render(buf)
			}
		}
	}()
	return nil
}
func (p *pullingOutput) Close() error {
	close(p.stop)
	<-p.done
	return nil
}

// TestA1_RealtimePlayDecodesOnlyALead: on a real-time output Play
// decodes only a lead of the Song itself (it decoded a whole second of
// ring, 20-55 ms on a busy machine, inside the game's Update); the
// MediaPlayer's own goroutine fills the rest, and System.Close ends it.
// In lockstep Play still fills the ring itself (deterministic, A4).
func TestA1_RealtimePlayDecodesOnlyALead(t *testing.T) {
	pcm := samplesAt(16, false, make([]float64, 2*48000*2)) // 2 s of stereo
	song, err := NewSongFromBytes("two seconds", wavBytes(1, 2, 48000, 16, pcm, -1))
	if err != nil {
		t.Fatal(err)
	}
	out := &fakeOutput{period: 960}
	s, err := New(Config{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	mp := s.MediaPlayer()
	gt := gtAt(0, 0)
	s.BeginUpdate(gt)
	if err := mp.Play(song); err != nil {
		t.Fatal(err)
	}
	s.EndUpdate(gt)
	st := mp.cur
	if st.lead == 0 || st.lead > songLeadFrames {
		t.Errorf("Play decoded %d frames itself, want 1 to %d", st.lead, songLeadFrames)
	}
	ringFrames := int(st.ring.mask + 1)
	deadline := time.Now().Add(30 * time.Second)
	for st.ring.space() > 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if st.ring.space() > 0 {
		t.Errorf("the decoding goroutine filled %d of %d frames in 30 s", ringFrames-st.ring.space(), ringFrames)
	}
	buf := make([]float32, 2*960)
	for i := 0; i < 10; i++ {
		out.render(buf)
	}
	if n := st.ring.starved.Load(); n != 0 {
		t.Errorf("the song starved %d times", n)
	}
	done := mp.workDone
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	default:
		t.Error("the decoding goroutine outlived System.Close")
	}

	ls, _ := newLockstep(t, 4)
	d := &driver{s: ls}
	d.update(t, func() {
		if err := ls.MediaPlayer().Play(song); err != nil {
			t.Fatal(err)
		}
	})
	if lead := ls.MediaPlayer().cur.lead; lead != uint64(ringFrames) {
		t.Errorf("lockstep Play decoded %d frames, want the whole ring's %d", lead, ringFrames)
	}
}

// TestA2_StreamsAllocateNothing: updates that stream a Song from its
// WAV file and keep a dynamic instance fed (and a repeating one-frame
// Song from memory) allocate nothing once they run.
func TestA2_StreamsAllocateNothing(t *testing.T) {
	s, _ := newLockstep(t, 8)
	s.sink = nil
	song, err := NewSongFromBytes("ten seconds", wavBytes(1, 2, 48000, 16, make([]byte, 4*48000*10), -1))
	if err != nil {
		t.Fatal(err)
	}
	dyn, err := s.NewDynamicSoundEffectInstance(48000, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4*800)
	dyn.BufferNeeded.Add(func() {
		for dyn.PendingBufferCount() <= 2 {
			if err := dyn.SubmitBuffer(buf); err != nil {
				t.Fatal(err)
			}
		}
	})
	d := &driver{s: s}
	d.update(t, func() {
		if err := s.MediaPlayer().Play(song); err != nil {
			t.Fatal(err)
		}
		dyn.Play()
	})
	for i := 0; i < 10; i++ {
		d.update(t, nil)
	}
	if a := testing.AllocsPerRun(100, func() { d.update(t, nil) }); a != 0 {
		t.Errorf("%v allocations per update streaming a Song and a dynamic instance", a)
	}
	s2, _ := newLockstep(t, 4)
	s2.sink = nil
	one := oneFrameSong(t)
	s2.MediaPlayer().SetIsRepeating(true)
	d2 := &driver{s: s2}
	d2.update(t, func() {
		if err := s2.MediaPlayer().Play(one); err != nil {
			t.Fatal(err)
		}
	})
	d2.update(t, nil)
	if a := testing.AllocsPerRun(100, func() { d2.update(t, nil) }); a != 0 {
		t.Errorf("%v allocations per update repeating a one-frame Song", a)
	}
}
