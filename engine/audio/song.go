package audio

import (
	"bytes"
	"fmt"
	"io"
	"os"
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
	disposed bool
}

// Dispose stops the MediaPlayer if it plays the Song, and disposes of it,
// as XNA's Song.Dispose: afterwards MediaPlayer.Play of it returns an
// ErrDisposed error. A Song holds no file open while stopped; Dispose
// lets go of the bytes NewSongFromBytes was given. A second call does
// nothing.
func (s *Song) Dispose() {
	if s.disposed {
		return
	}
	s.disposed = true
	if p := s.player; p != nil && p.song == s {
		p.Stop()
	}
	s.player = nil
	s.data = nil
}

// IsDisposed reports whether Dispose was called.
func (s *Song) IsDisposed() bool { return s.disposed }

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
	if s.disposed {
		return nil, nil, fmt.Errorf("audio: song %q: %w", s.name, ErrDisposed)
	}
	if s.data != nil {
		d, err := openDecoder(source{r: bytes.NewReader(s.data), size: int64(len(s.data))})
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

// MediaPlayer plays one Song at a time (XNA's static MediaPlayer, one per
// System). Its methods belong to the game's goroutine; its events are
// raised during EndUpdate.
type MediaPlayer struct {
	sys       *System
	song      *Song
	file      io.Closer
	dec       decoder
	ring      *ring
	chunk     []float32
	pend      []float32
	slot      int32
	gen       uint32
	state     SoundState
	repeating bool
	volume    float32
	muted     bool
	loops     []uint64  // ring frames at which a repeat began
	passStart uint64    // ring frame at which the decoder's pass began
	whole     []float32 // a repeating song that fits the ring, decoded once
	wholeLen  int       // its frames; 0: the song streams from its file
	wholeAt   int       // the next frame of whole to write
	err       error

	// MediaStateChanged is raised when State changes.
	MediaStateChanged Event
	// ActiveSongChanged is raised when a different Song starts.
	ActiveSongChanged Event
}

func newMediaPlayer(s *System) *MediaPlayer {
	return &MediaPlayer{sys: s, volume: 1, slot: -1}
}

// State is Playing, Paused or Stopped.
func (m *MediaPlayer) State() SoundState { return m.state }

// Queue returns the active Song, nil before the first Play.
func (m *MediaPlayer) Queue() *Song { return m.song }

// Err is the last streaming error (a file that went bad while playing).
func (m *MediaPlayer) Err() error { return m.err }

// IsRepeating reports whether the Song loops (gaplessly).
func (m *MediaPlayer) IsRepeating() bool { return m.repeating }

// SetIsRepeating sets it.
func (m *MediaPlayer) SetIsRepeating(on bool) { m.repeating = on }

// Volume is 0..1 (default 1).
func (m *MediaPlayer) Volume() float32 { return m.volume }

// SetVolume sets it, clamped to 0..1 and ramped.
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
	gl, gr := panGains(0, m.ring.ch)
	m.sys.send(command{kind: cmdGain, slot: m.slot, gen: m.gen, gl: gl * g, gr: gr * g})
}

// PlayPosition is how far into the Song the mixer has played.
func (m *MediaPlayer) PlayPosition() time.Duration {
	if m.ring == nil {
		return 0
	}
	r := m.ring.r.Load()
	if m.wholeLen > 0 {
		r %= uint64(m.wholeLen)
		return time.Duration(int64(r) * int64(time.Second) / int64(m.ring.rate))
	}
	start := uint64(0)
	for _, l := range m.loops {
		if l <= r {
			start = l
		}
	}
	return time.Duration(int64(r-start) * int64(time.Second) / int64(m.ring.rate))
}

// Play starts song from its beginning (stopping what played). Played
// during an Update it starts on that Update's game time (A3). An error
// leaves the player stopped.
func (m *MediaPlayer) Play(song *Song) error {
	if song == nil {
		return fmt.Errorf("audio: MediaPlayer.Play: nil Song")
	}
	if song.disposed {
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
	m.song, m.file, m.dec, m.err = song, f, d, nil
	m.ring = newRing(d.channels(), d.rate(), d.rate()*songRingSeconds)
	if cap(m.chunk) < 4096*d.channels() {
		m.chunk = make([]float32, 4096*d.channels())
	}
	m.pend = nil
	m.loops = m.loops[:0]
	m.passStart, m.wholeLen, m.wholeAt = 0, 0, 0
	m.feed()
	if m.ring.w.Load() == 0 {
		err := m.err
		if err == nil {
			err = fmt.Errorf("audio: song %q: %w", song.name, errNoSamples)
		}
		m.closeFile()
		m.setState(Stopped)
		return err
	}
	g := m.gain()
	gl, gr := panGains(0, d.channels())
	slot, gen, ok := m.sys.play(command{stream: m.ring, music: true, gl: gl * g, gr: gr * g, step: stepFor(d.rate(), m.sys.rate, 0)})
	if !ok {
		m.closeFile()
		m.setState(Stopped)
		return fmt.Errorf("audio: MediaPlayer.Play: no free voice or the queue is full")
	}
	m.slot, m.gen = slot, gen
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
	m.closeFile()
	m.wholeLen = 0
}

func (m *MediaPlayer) closeFile() {
	if m.file != nil {
		m.file.Close()
		m.file, m.dec = nil, nil
	}
}

func (m *MediaPlayer) setState(st SoundState) {
	if m.state != st {
		m.state = st
		m.MediaStateChanged.raise()
	}
}

// feed tops the ring up from the decoder, rewinding at the end when
// repeating (gapless), marking the end otherwise. It writes at most the
// ring's capacity and reopens the file at most once per call, so it ends
// even while a real-time mixer reads as fast as it writes. A repeating
// song that fits the ring whole (at most songRingSeconds) is decoded
// once: its repeats are copied from memory, whole loop after whole loop,
// so even a one-frame song costs one copy per frame and never a reopen.
func (m *MediaPlayer) feed() {
	if m.ring == nil {
		return
	}
	ch := m.ring.ch
	budget := int(m.ring.mask + 1)
	rewound := false
	for budget > 0 && m.ring.space() > 0 {
		if m.wholeLen > 0 {
			if m.wholeAt == m.wholeLen {
				if !m.repeating {
					m.ring.eof.Store(true)
					m.wholeLen = 0
					m.whole = m.whole[:0]
					return
				}
				m.wholeAt = 0
			}
			src := m.whole[m.wholeAt*ch : m.wholeLen*ch]
			if len(src) > budget*ch {
				src = src[:budget*ch]
			}
			k := m.ring.write(src)
			m.wholeAt += k
			budget -= k
			if k == 0 {
				return
			}
			continue
		}
		if m.dec == nil {
			return
		}
		if len(m.pend) == 0 {
			n, err := m.dec.read(m.chunk)
			if err == io.EOF {
				pass := m.ring.w.Load() - m.passStart
				if pass == 0 {
					// A pass without a frame: a song with no samples
					// (or a file that lost them) must not repeat forever.
					m.err = fmt.Errorf("audio: song %q: %w", m.song.name, errNoSamples)
					m.ring.eof.Store(true)
					m.closeFile()
					return
				}
				if m.repeating && m.passStart == 0 && pass <= m.ring.mask+1 {
					m.keepWhole(int(pass))
					continue
				}
				if m.repeating && !rewound && m.rewind() {
					rewound = true
					continue
				}
				if m.repeating && rewound && m.err == nil {
					return // the next feed reopens it
				}
				m.ring.eof.Store(true)
				m.closeFile()
				return
			}
			if err != nil {
				m.err = fmt.Errorf("audio: song %q: %w", m.song.name, bad(err))
				m.ring.eof.Store(true)
				m.closeFile()
				return
			}
			m.pend = m.chunk[:n]
		}
		pend := m.pend
		if len(pend) > budget*ch {
			pend = pend[:budget*ch]
		}
		k := m.ring.write(pend)
		m.pend = m.pend[k*ch:]
		budget -= k
		if k == 0 {
			return
		}
	}
}

// keepWhole keeps the first pass of a repeating song, frames long and
// still whole in the ring at frame 0 (it fits), to repeat from memory;
// the file is closed.
func (m *MediaPlayer) keepWhole(frames int) {
	n := frames * m.ring.ch
	if cap(m.whole) < n {
		m.whole = make([]float32, n)
	}
	m.whole = m.whole[:n]
	copy(m.whole, m.ring.data[:n])
	m.wholeLen, m.wholeAt = frames, frames
	m.closeFile()
}

// rewind reopens the song at its start for the next repeat.
func (m *MediaPlayer) rewind() bool {
	m.closeFile()
	f, d, err := m.song.open()
	if err != nil {
		m.err = err
		return false
	}
	if d.rate() != m.ring.rate || d.channels() != m.ring.ch {
		f.Close()
		m.err = fmt.Errorf("audio: song %q changed format while playing", m.song.path)
		return false
	}
	m.file, m.dec = f, d
	// Keep the last repeat the mixer has reached and all ahead of it.
	r := m.ring.r.Load()
	k := 0
	for k+1 < len(m.loops) && m.loops[k+1] <= r {
		k++
	}
	m.loops = append(m.loops[:0], m.loops[k:]...)
	if len(m.loops) >= 256 {
		m.loops = append(m.loops[:0], m.loops[1:]...)
	}
	m.passStart = m.ring.w.Load()
	m.loops = append(m.loops, m.passStart)
	return true
}

// poll notices the end of a song that does not repeat.
func (m *MediaPlayer) poll() {
	if m.state != Stopped && !m.sys.slotBusy(m.slot, m.gen) {
		m.slot = -1
		m.closeFile()
		m.setState(Stopped)
	}
}

func (m *MediaPlayer) close() {
	m.stopVoice()
}
