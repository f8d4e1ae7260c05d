package audio

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Song is a piece of music streamed from its file in constant memory
// (XNA's Song); play it with the MediaPlayer. A Song has no length limit:
// it is the place for music and anything too long for a SoundEffect's
// sample budget.
type Song struct {
	path     string
	name     string
	data     []byte // NewSongFromBytes: the encoded file
	rate, ch int
	opens    atomic.Int64 // decoders opened (the tests count reopens)
	player   *MediaPlayer // the last to play it
	mu       sync.Mutex   // data and disposed: a decoding goroutine reopens the Song
	disposed bool
}

// Dispose stops the MediaPlayer if it plays the Song, and disposes of it,
// as XNA's Song.Dispose: afterwards MediaPlayer.Play of it returns an
// ErrDisposed error. A Song holds no file open while stopped; Dispose
// lets go of the bytes NewSongFromBytes was given. A second call does
// nothing.
func (s *Song) Dispose() {
	if s.IsDisposed() {
		return
	}
	if p := s.player; p != nil && p.song == s {
		p.Stop()
	}
	s.player = nil
	s.mu.Lock()
	s.disposed = true
	s.data = nil
	s.mu.Unlock()
}

// IsDisposed reports whether Dispose was called.
func (s *Song) IsDisposed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.disposed
}

// NewSong checks that path is a WAV, Ogg Vorbis or MP3 file this package
// can stream (its header, before any decoding: A6), and returns the Song.
func NewSong(name, path string) (*Song, error) {
	s := &Song{path: path, name: name}
	f, d, err := s.open()
	if err != nil {
		return nil, err
	}
	f.Close()
	s.rate, s.ch = d.rate(), d.channels()
	return s, nil
}

// NewSongFromBytes is NewSong for an encoded file held in memory (an
// embedded asset); it streams from data, which the caller must not change.
func NewSongFromBytes(name string, data []byte) (*Song, error) {
	s := &Song{path: name, name: name, data: data}
	f, d, err := s.open()
	if err != nil {
		return nil, err
	}
	f.Close()
	s.rate, s.ch = d.rate(), d.channels()
	return s, nil
}

// open opens the song's bytes and its decoder at the start.
func (s *Song) open() (io.Closer, decoder, error) {
	s.opens.Add(1)
	s.mu.Lock()
	data, disposed := s.data, s.disposed
	s.mu.Unlock()
	if disposed {
		return nil, nil, fmt.Errorf("audio: song %q: %w", s.name, ErrDisposed)
	}
	if data != nil {
		d, err := openDecoder(source{r: bytes.NewReader(data), size: int64(len(data))})
		if err != nil {
			return nil, nil, fmt.Errorf("audio: song %q: %w", s.name, err)
		}
		return io.NopCloser(nil), d, nil
	}
	f, err := os.Open(s.path)
	if err != nil {
		return nil, nil, fmt.Errorf("audio: song: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("audio: song: %w", err)
	}
	d, err := openDecoder(source{r: f, size: st.Size()})
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("audio: song %q: %w", s.path, err)
	}
	return f, d, nil
}

// Name is the Song's name.
func (s *Song) Name() string { return s.name }

// Path is the file it streams from.
func (s *Song) Path() string { return s.path }

// songRingSeconds is how much decoded music the MediaPlayer keeps ahead
// of the mixer (its constant memory).
const songRingSeconds = 1

// songLeadFrames is how much of a Song Play decodes itself on a
// real-time output before the voice starts: more than the constant delay
// of A3 (two periods and a step) covers, so the music never waits for
// the decoding goroutine, which fills the rest of the ring.
const songLeadFrames = 8192

// MediaPlayer plays one Song at a time (XNA's static MediaPlayer, one per
// System). Its methods belong to the game's goroutine; its events are
// raised during EndUpdate. In lockstep it decodes on the game's goroutine
// (deterministic, A4); on a real-time output, after the first few
// thousand frames that Play decodes, a goroutine of its own decodes
// ahead, so neither Play nor EndUpdate waits for the decoder.
type MediaPlayer struct {
	sys       *System
	song      *Song
	cur       *songStream
	slot      int32
	gen       uint32
	state     SoundState
	repeating bool
	volume    float32
	muted     bool

	// The decoding goroutine (real-time output only).
	wake     chan struct{}
	next     atomic.Pointer[songStream]
	quit     chan struct{}
	workDone chan struct{}

	// MediaStateChanged is raised when State changes.
	MediaStateChanged Event
	// ActiveSongChanged is raised when a different Song starts.
	ActiveSongChanged Event
}

// songStream is one Play of a Song: its decoder and the ring it fills.
// Its decoding state belongs to whoever feeds it (the game's goroutine in
// lockstep, the decoding goroutine on a real-time output), under feedMu;
// the game reads only the ring's positions and, under mu, the repeats and
// the error.
type songStream struct {
	song      *Song
	ring      *ring
	lead      uint64 // frames Play decoded itself
	repeating atomic.Bool
	stopped   atomic.Bool

	feedMu    sync.Mutex
	file      io.Closer
	dec       decoder
	chunk     []float32
	pend      []float32
	passStart uint64    // ring frame at which the decoder's pass began
	whole     []float32 // a repeating song that fits the ring, decoded once
	wholeAt   int       // the next frame of whole to write

	mu       sync.Mutex
	loops    []uint64 // ring frames at which a repeat began
	wholeLen int      // frames of whole; 0: the song streams from its file
	err      error
}

func newMediaPlayer(s *System) *MediaPlayer {
	return &MediaPlayer{sys: s, volume: 1, slot: -1}
}

// State is Playing, Paused or Stopped.
func (m *MediaPlayer) State() SoundState { return m.state }

// Queue returns the active Song, nil before the first Play.
func (m *MediaPlayer) Queue() *Song { return m.song }

// Err is the last streaming error (a file that went bad while playing).
func (m *MediaPlayer) Err() error {
	if m.cur == nil {
		return nil
	}
	m.cur.mu.Lock()
	defer m.cur.mu.Unlock()
	return m.cur.err
}

// IsRepeating reports whether the Song loops (gaplessly).
func (m *MediaPlayer) IsRepeating() bool { return m.repeating }

// SetIsRepeating sets it; a playing Song follows from its next end.
func (m *MediaPlayer) SetIsRepeating(on bool) {
	m.repeating = on
	if m.cur != nil {
		m.cur.repeating.Store(on)
	}
}

// Volume is 0..1 (default 1).
func (m *MediaPlayer) Volume() float32 { return m.volume }

// SetVolume sets it, clamped to 0..1 (NaN: 0) and ramped.
func (m *MediaPlayer) SetVolume(v float32) {
	m.volume = clamp(v, 0, 1)
	m.sendGain()
}

// IsMuted reports whether the music is muted.
func (m *MediaPlayer) IsMuted() bool { return m.muted }

// SetIsMuted mutes or unmutes it, ramped.
func (m *MediaPlayer) SetIsMuted(on bool) {
	m.muted = on
	m.sendGain()
}

func (m *MediaPlayer) gain() float32 {
	if m.muted {
		return 0
	}
	return m.volume
}

func (m *MediaPlayer) sendGain() {
	if m.state == Stopped {
		return
	}
	g := m.gain()
	gl, gr := panGains(0, m.cur.ring.ch)
	m.sys.send(command{kind: cmdGain, slot: m.slot, gen: m.gen, gl: gl * g, gr: gr * g})
}

// PlayPosition is how far into the Song the mixer has played.
func (m *MediaPlayer) PlayPosition() time.Duration {
	st := m.cur
	if st == nil {
		return 0
	}
	r := st.ring.r.Load()
	rate := int64(st.ring.rate)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.wholeLen > 0 {
		r %= uint64(st.wholeLen)
		return time.Duration(int64(r) * int64(time.Second) / rate)
	}
	start := uint64(0)
	for _, l := range st.loops {
		if l <= r {
			start = l
		}
	}
	return time.Duration(int64(r-start) * int64(time.Second) / rate)
}

// realtime reports whether a goroutine decodes ahead (a real-time
// output); in lockstep the game's goroutine does.
func (m *MediaPlayer) realtime() bool { return m.sys.out != nil }

// Play starts song from its beginning (stopping what played). Played
// during an Update it starts on that Update's game time (A3). An error
// leaves the player stopped.
func (m *MediaPlayer) Play(song *Song) error {
	if song == nil {
		return fmt.Errorf("audio: MediaPlayer.Play: nil Song")
	}
	if song.IsDisposed() {
		return fmt.Errorf("audio: MediaPlayer.Play: song %q: %w", song.name, ErrDisposed)
	}
	song.player = m
	m.stopVoice()
	f, d, err := song.open()
	if err != nil {
		m.setState(Stopped)
		return err
	}
	changed := m.song != song
	st := &songStream{song: song, file: f, dec: d,
		ring:  newRing(d.channels(), d.rate(), d.rate()*songRingSeconds),
		chunk: make([]float32, 4096*d.channels())}
	st.repeating.Store(m.repeating)
	m.song, m.cur = song, st
	lead := int(st.ring.mask + 1)
	if m.realtime() {
		lead = songLeadFrames
	}
	st.feedMu.Lock()
	st.feed(lead)
	st.feedMu.Unlock()
	st.lead = st.ring.w.Load()
	if st.lead == 0 {
		err := st.errNow()
		if err == nil {
			err = fmt.Errorf("audio: song %q: %w", song.name, errNoSamples)
		}
		m.stopStream()
		m.setState(Stopped)
		return err
	}
	g := m.gain()
	gl, gr := panGains(0, d.channels())
	slot, gen, ok := m.sys.play(command{stream: st.ring, music: true, gl: gl * g, gr: gr * g, step: stepFor(d.rate(), m.sys.rate, 0)})
	if !ok {
		m.stopStream()
		m.setState(Stopped)
		return fmt.Errorf("audio: MediaPlayer.Play: no free voice or the queue is full")
	}
	m.slot, m.gen = slot, gen
	if m.realtime() {
		m.startWorker()
		m.next.Store(st)
		m.kick()
	}
	if changed {
		m.ActiveSongChanged.raise()
	}
	m.setState(Playing)
	return nil
}

// Pause holds the music, faded (A2).
func (m *MediaPlayer) Pause() {
	if m.state == Playing && m.sys.send(command{kind: cmdPause, slot: m.slot, gen: m.gen}) {
		m.setState(Paused)
	}
}

// Resume continues paused music.
func (m *MediaPlayer) Resume() {
	if m.state == Paused && m.sys.send(command{kind: cmdResume, slot: m.slot, gen: m.gen}) {
		m.setState(Playing)
	}
}

// Stop stops the music, faded (A2), and closes its file.
func (m *MediaPlayer) Stop() {
	if m.state == Stopped {
		return
	}
	m.stopVoice()
	m.setState(Stopped)
}

func (m *MediaPlayer) stopVoice() {
	if m.slot >= 0 {
		m.sys.send(command{kind: cmdStop, slot: m.slot, gen: m.gen})
		m.slot = -1
	}
	m.stopStream()
}

// stopStream ends the current stream: nothing feeds it any more and its
// file is closed, here when no goroutine is feeding it, by the feeder as
// soon as it notices otherwise.
func (m *MediaPlayer) stopStream() {
	st := m.cur
	if st == nil {
		return
	}
	st.stopped.Store(true)
	if st.feedMu.TryLock() {
		st.closeFile()
		st.feedMu.Unlock()
	}
}

func (m *MediaPlayer) setState(st SoundState) {
	if m.state != st {
		m.state = st
		m.MediaStateChanged.raise()
	}
}

// feed tops the current stream's ring up (EndUpdate, and before each
// lockstep render): itself in lockstep, by waking the decoding goroutine
// on a real-time output (never waiting for it).
func (m *MediaPlayer) feed() {
	st := m.cur
	if st == nil || st.stopped.Load() {
		return
	}
	if m.realtime() {
		m.kick()
		return
	}
	st.feedMu.Lock()
	st.feed(int(st.ring.mask + 1))
	st.feedMu.Unlock()
}

// kick wakes the decoding goroutine without waiting.
func (m *MediaPlayer) kick() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// startWorker starts the decoding goroutine once; close ends it.
func (m *MediaPlayer) startWorker() {
	if m.wake != nil {
		return
	}
	m.wake = make(chan struct{}, 1)
	m.quit = make(chan struct{})
	m.workDone = make(chan struct{})
	go m.work()
}

// work is the decoding goroutine: woken by Play and each EndUpdate, it
// tops the current stream's ring up, and closes the files of the streams
// that were stopped while it fed them.
func (m *MediaPlayer) work() {
	defer close(m.workDone)
	for {
		select {
		case <-m.quit:
			return
		case <-m.wake:
		}
		st := m.next.Load()
		if st == nil {
			continue
		}
		st.feedMu.Lock()
		if !st.stopped.Load() {
			st.feed(int(st.ring.mask + 1))
		}
		if st.stopped.Load() {
			st.closeFile()
		}
		st.feedMu.Unlock()
		// A Stop that found feedMu held left the file to us: it may have
		// come after the check above.
		if st.stopped.Load() && st.feedMu.TryLock() {
			st.closeFile()
			st.feedMu.Unlock()
		}
	}
}

// poll notices the end of a song that does not repeat.
func (m *MediaPlayer) poll() {
	if m.state != Stopped && !m.sys.slotBusy(m.slot, m.gen) {
		m.slot = -1
		m.stopStream()
		m.setState(Stopped)
	}
}

// close stops the music and ends the decoding goroutine (System.Close).
func (m *MediaPlayer) close() {
	m.stopVoice()
	if m.quit != nil {
		close(m.quit)
		<-m.workDone
		m.quit = nil
	}
	if st := m.cur; st != nil {
		st.feedMu.Lock()
		st.closeFile()
		st.feedMu.Unlock()
	}
}

func (st *songStream) closeFile() {
	if st.file != nil {
		st.file.Close()
		st.file, st.dec = nil, nil
	}
}

func (st *songStream) errNow() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.err
}

func (st *songStream) fail(err error) {
	st.mu.Lock()
	st.err = err
	st.mu.Unlock()
	st.ring.eof.Store(true)
	st.closeFile()
}

// feed tops the ring up from the decoder with at most budget frames (and
// the ring's space), rewinding at the end when repeating (gapless),
// marking the end otherwise; feedMu is held. It reopens the file at most
// once per call, so it ends even while a real-time mixer reads as fast as
// it writes. A repeating song that fits the ring whole (at most
// songRingSeconds) is decoded once: its repeats are copied from memory,
// whole loop after whole loop, so even a one-frame song costs one copy
// per frame and never a reopen.
func (st *songStream) feed(budget int) {
	ch := st.ring.ch
	rewound := false
	for budget > 0 && st.ring.space() > 0 && !st.stopped.Load() {
		if st.whole != nil {
			n := len(st.whole) / ch
			if st.wholeAt == n {
				if !st.repeating.Load() {
					st.ring.eof.Store(true)
					return
				}
				st.wholeAt = 0
			}
			src := st.whole[st.wholeAt*ch:]
			if len(src) > budget*ch {
				src = src[:budget*ch]
			}
			k := st.ring.write(src)
			st.wholeAt += k
			budget -= k
			if k == 0 {
				return
			}
			continue
		}
		if st.dec == nil {
			return
		}
		if len(st.pend) == 0 {
			n, err := st.dec.read(st.chunk)
			if err == io.EOF {
				pass := st.ring.w.Load() - st.passStart
				repeating := st.repeating.Load()
				switch {
				case pass == 0:
					// A pass without a frame: a song with no samples (or a
					// file that lost them) must not repeat for ever.
					st.fail(fmt.Errorf("audio: song %q: %w", st.song.name, bad(errNoSamples)))
					return
				case repeating && st.passStart == 0 && pass <= st.ring.mask+1:
					st.keepWhole(int(pass))
					continue
				case repeating && !rewound:
					if !st.rewind() {
						return
					}
					rewound = true
					continue
				case repeating:
					return // the next feed reopens it
				}
				st.ring.eof.Store(true)
				st.closeFile()
				return
			}
			if err != nil {
				st.fail(fmt.Errorf("audio: song %q: %w", st.song.name, bad(err)))
				return
			}
			st.pend = st.chunk[:n]
		}
		pend := st.pend
		if len(pend) > budget*ch {
			pend = pend[:budget*ch]
		}
		k := st.ring.write(pend)
		st.pend = st.pend[k*ch:]
		budget -= k
		if k == 0 {
			return
		}
	}
}

// keepWhole keeps the first pass of a repeating song, frames long and
// still whole in the ring at frame 0 (it fits), to repeat from memory;
// the file is closed.
func (st *songStream) keepWhole(frames int) {
	n := frames * st.ring.ch
	st.whole = make([]float32, n)
	copy(st.whole, st.ring.data[:n])
	st.wholeAt = frames
	st.mu.Lock()
	st.wholeLen = frames
	st.mu.Unlock()
	st.closeFile()
}

// rewind reopens the song at its start for the next repeat; false (the
// stream ended with an error) when it cannot.
func (st *songStream) rewind() bool {
	st.closeFile()
	f, d, err := st.song.open()
	if err == nil && (d.rate() != st.ring.rate || d.channels() != st.ring.ch) {
		f.Close()
		err = fmt.Errorf("audio: song %q changed format while playing", st.song.path)
	}
	if err != nil {
		st.fail(err)
		return false
	}
	st.file, st.dec = f, d
	st.passStart = st.ring.w.Load()
	// Keep the last repeat the mixer has reached and all ahead of it.
	r := st.ring.r.Load()
	st.mu.Lock()
	k := 0
	for k+1 < len(st.loops) && st.loops[k+1] <= r {
		k++
	}
	st.loops = append(st.loops[:0], st.loops[k:]...)
	if len(st.loops) >= 256 {
		st.loops = append(st.loops[:0], st.loops[1:]...)
	}
	st.loops = append(st.loops, st.passStart)
	st.mu.Unlock()
	return true
}
