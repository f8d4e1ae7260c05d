package audio

import (
	"fmt"
	"io"
	"math"
	"os"
	"time"
)

// SoundState is the state of a sound instance or of the MediaPlayer.
type SoundState int

// The states, as XNA's SoundState and MediaState.
const (
	Stopped SoundState = iota
	Playing
	Paused
)

// String names the state.
func (st SoundState) String() string {
	switch st {
	case Playing:
		return "Playing"
	case Paused:
		return "Paused"
	}
	return "Stopped"
}

// SoundEffect is a sound decoded into memory (XNA's SoundEffect): play
// it fire-and-forget with Play, or through instances. It may hold at most
// the System's sample budget (Config.SampleBudget, DefaultSampleBudget);
// longer sounds, music above all, belong in a Song, which streams.
type SoundEffect struct {
	sys      *System
	name     string
	data     *pcm
	disposed bool
}

// Dispose stops every voice playing the sound, fire-and-forget or through
// an instance (faded, A2), and disposes of it, as XNA's
// SoundEffect.Dispose: afterwards Play reports false and CreateInstance
// gives a disposed instance. Its samples are freed once the game drops
// the SoundEffect and its instances: the mixer holds a sound's samples
// only while a voice plays them. A second call does nothing.
func (e *SoundEffect) Dispose() {
	if e.disposed {
		return
	}
	e.disposed = true
	e.sys.sendSurely(command{kind: cmdStopSource, src: e.data})
}

// IsDisposed reports whether Dispose was called.
func (e *SoundEffect) IsDisposed() bool { return e.disposed }

// NewSoundEffect decodes a WAV, Ogg Vorbis or MP3 sound (told apart by
// their first bytes) from r; name is used in errors. Bad data gives an
// ErrBadSound error, never a panic (A6). A sound over the sample budget
// is an ErrTooLong error: refused from its headers before decoding when r
// can also seek and read at offsets (a file, a bytes.Reader), or when
// decoding passes the budget otherwise.
func (s *System) NewSoundEffect(name string, r io.Reader) (*SoundEffect, error) {
	return s.decodeEffect(name, sourceOf(r))
}

// LoadSoundEffect reads a WAV, Ogg Vorbis or MP3 file into a SoundEffect,
// as NewSoundEffect.
func (s *System) LoadSoundEffect(path string) (*SoundEffect, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("audio: %w", err)
	}
	return s.decodeEffect(path, source{r: f, size: st.Size(), at: f})
}

func (s *System) decodeEffect(name string, src source) (*SoundEffect, error) {
	d, err := openDecoder(src)
	if err != nil {
		return nil, fmt.Errorf("audio: sound %q: %w", name, err)
	}
	p, err := readAll(d, s.sampleBudget)
	if err != nil {
		return nil, fmt.Errorf("audio: sound %q: %w", name, err)
	}
	return &SoundEffect{sys: s, name: name, data: p}, nil
}

// NewSoundEffectPCM makes a SoundEffect from 16-bit signed little-endian
// PCM, as XNA's SoundEffect constructor: channels 1 or 2, rate 8000 to
// 192000 Hz.
func (s *System) NewSoundEffectPCM(buf []byte, sampleRate, channels int) (*SoundEffect, error) {
	if err := checkFormat(sampleRate, channels); err != nil {
		return nil, fmt.Errorf("audio: NewSoundEffectPCM: %w", err)
	}
	if len(buf)%(2*channels) != 0 {
		return nil, fmt.Errorf("audio: NewSoundEffectPCM: %d bytes is not a whole number of %d-channel 16-bit frames", len(buf), channels)
	}
	data := make([]float32, len(buf)/2)
	for i := range data {
		data[i] = float32(int16(uint16(buf[2*i])|uint16(buf[2*i+1])<<8)) / 32768
	}
	return s.NewSoundEffectFloat(data, sampleRate, channels)
}

// NewSoundEffectFloat makes a SoundEffect from interleaved float32
// samples in -1..1 (generated sounds); it keeps samples, which the caller
// must not change afterwards. Samples outside -1..1 are clipped to it and
// NaN reads 0, in a copy made only when samples holds such a value.
func (s *System) NewSoundEffectFloat(samples []float32, sampleRate, channels int) (*SoundEffect, error) {
	if err := checkFormat(sampleRate, channels); err != nil {
		return nil, fmt.Errorf("audio: NewSoundEffectFloat: %w", err)
	}
	if len(samples)%channels != 0 {
		return nil, fmt.Errorf("audio: NewSoundEffectFloat: %d samples is not a whole number of %d-channel frames", len(samples), channels)
	}
	if !sanitized(samples) {
		c := make([]float32, len(samples))
		for i, v := range samples {
			c[i] = sanitize(v)
		}
		samples = c
	}
	return &SoundEffect{sys: s, name: "pcm", data: &pcm{data: samples, ch: channels, rate: sampleRate, frames: len(samples) / channels}}, nil
}

func checkFormat(rate, channels int) error {
	if rate < minRate || rate > maxRate {
		return fmt.Errorf("sample rate %d Hz out of range: use %d to %d", rate, minRate, maxRate)
	}
	if channels != 1 && channels != 2 {
		return fmt.Errorf("%d channels: use 1 (mono) or 2 (stereo)", channels)
	}
	return nil
}

// Name is the name or path the sound was made from.
func (e *SoundEffect) Name() string { return e.name }

// Duration is the sound's length at its own rate.
func (e *SoundEffect) Duration() time.Duration {
	return time.Duration(int64(e.data.frames) * int64(time.Second) / int64(e.data.rate))
}

// Channels is 1 or 2.
func (e *SoundEffect) Channels() int { return e.data.ch }

// SampleRate is the sound's own rate.
func (e *SoundEffect) SampleRate() int { return e.data.rate }

// Play plays the sound once, fire-and-forget, at volume 0..1, pitch -1..1
// octave and pan -1..1 (XNA's SoundEffect.Play); values outside those are
// clamped (where XNA throws), and NaN counts as 0. Played during an Update
// it starts on that Update's game time (A3). It reports false past the
// voice limit or when the queue is full (counted in Stats.Dropped), and
// after Dispose. The voice needs no disposing: the mixer frees its slot,
// and its reference to the samples, in the render in which it ends.
func (e *SoundEffect) Play(volume, pitch, pan float32) bool {
	if e.disposed {
		return false
	}
	gl, gr := panGains(clamp(pan, -1, 1), e.data.ch)
	v := clamp(volume, 0, 1)
	_, _, ok := e.sys.play(command{src: e.data, gl: gl * v, gr: gr * v, step: stepFor(e.data.rate, e.sys.rate, clamp(pitch, -1, 1))})
	return ok
}

// CreateInstance makes an instance for control over one playing copy;
// after Dispose the instance it gives is already disposed.
func (e *SoundEffect) CreateInstance() *SoundEffectInstance {
	return &SoundEffectInstance{sys: e.sys, fx: e, volume: 1, slot: -1, atten: 1, doppler: 1, disposed: e.disposed}
}

// panGains is the equal-power pan law (A2): for a mono source the two
// gains' squares sum to 1 (-3 dB each at the centre); a stereo source is
// balanced, unity at the centre.
func panGains(pan float32, channels int) (float32, float32) {
	th := (float64(pan) + 1) * math.Pi / 4
	l, r := math.Cos(th), math.Sin(th)
	if channels == 2 {
		l, r = math.Min(1, l*math.Sqrt2), math.Min(1, r*math.Sqrt2)
	}
	return float32(l), float32(r)
}

// stepFor is the resampling step in 32.32 fixed point for a source at
// rate src played on an output at rate out, pitched by octaves.
func stepFor(src, out int, octaves float32) uint64 {
	ratio := math.Exp2(float64(octaves)) * float64(src) / float64(out)
	return uint64(math.Round(ratio * (1 << 32)))
}

// SoundEffectInstance is one controllable playing copy of a sound (XNA's
// SoundEffectInstance). Its methods belong to the game's goroutine. After
// Dispose (its own, or its SoundEffect's) it reads Stopped, Play reports
// false and the other methods do nothing.
type SoundEffectInstance struct {
	disposed bool
	sys      *System
	fx       *SoundEffect
	dyn      *DynamicSoundEffectInstance
	slot     int32
	gen      uint32
	state    SoundState
	volume   float32
	pitch    float32
	pan      float32
	looped   bool
	is3D     bool
	pan3D    float32
	atten    float32
	doppler  float64
}

// State is Playing, Paused or Stopped; a sound that reached its end reads
// Stopped.
func (in *SoundEffectInstance) State() SoundState {
	if in.disposed || (in.fx != nil && in.fx.disposed) {
		in.state, in.slot = Stopped, -1
		return Stopped
	}
	if in.state != Stopped && !in.sys.slotBusy(in.slot, in.gen) {
		in.state = Stopped
		in.slot = -1
	}
	return in.state
}

func (in *SoundEffectInstance) channels() int {
	if in.dyn != nil {
		return in.dyn.ring.ch
	}
	return in.fx.data.ch
}

func (in *SoundEffectInstance) rate() int {
	if in.dyn != nil {
		return in.dyn.ring.rate
	}
	return in.fx.data.rate
}

func (in *SoundEffectInstance) gains() (float32, float32) {
	pan := in.pan
	if in.is3D {
		pan = in.pan3D
	}
	gl, gr := panGains(pan, in.channels())
	v := in.volume * in.atten
	return gl * v, gr * v
}

func (in *SoundEffectInstance) step() uint64 {
	oct := float64(in.pitch)
	if in.is3D && in.doppler > 0 {
		oct += math.Log2(in.doppler)
	}
	if oct < -4 {
		oct = -4
	} else if oct > 4 {
		oct = 4
	}
	return stepFor(in.rate(), in.sys.rate, float32(oct))
}

// Play starts the sound from its beginning (Stopped), resumes it (Paused)
// or does nothing (Playing). Played during an Update it starts on that
// Update's game time (A3). It reports false past the voice limit or with
// a full queue.
func (in *SoundEffectInstance) Play() bool {
	if in.IsDisposed() {
		return false
	}
	switch in.State() {
	case Playing:
		return true
	case Paused:
		in.Resume()
		return true
	}
	gl, gr := in.gains()
	c := command{gl: gl, gr: gr, step: in.step(), loop: in.looped}
	if in.dyn != nil {
		c.stream = in.dyn.ring
	} else {
		c.src = in.fx.data
	}
	slot, gen, ok := in.sys.play(c)
	if !ok {
		return false
	}
	in.slot, in.gen, in.state = slot, gen, Playing
	if in.dyn != nil {
		in.sys.listDynamic(in.dyn)
	}
	return true
}

// Dispose stops the sound at once (faded, A2) and disposes of the
// instance, as XNA's SoundEffectInstance.Dispose. A second call does
// nothing.
func (in *SoundEffectInstance) Dispose() {
	if in.disposed {
		return
	}
	if in.state != Stopped && in.sys.slotBusy(in.slot, in.gen) {
		in.sys.sendSurely(command{kind: cmdStop, slot: in.slot, gen: in.gen, cut: true})
	}
	in.disposed = true
	in.state, in.slot = Stopped, -1
}

// IsDisposed reports whether the instance, or its SoundEffect, was
// disposed.
func (in *SoundEffectInstance) IsDisposed() bool {
	return in.disposed || (in.fx != nil && in.fx.disposed)
}

// Pause holds the sound where it is, after a short fade (A2).
func (in *SoundEffectInstance) Pause() {
	if in.State() == Playing && in.sys.send(command{kind: cmdPause, slot: in.slot, gen: in.gen}) {
		in.state = Paused
	}
}

// Resume continues a paused sound, fading in (A2).
func (in *SoundEffectInstance) Resume() {
	if in.State() == Paused && in.sys.send(command{kind: cmdResume, slot: in.slot, gen: in.gen}) {
		in.state = Playing
	}
}

// Stop stops the sound after a short fade, so it never clicks (A2); the
// state is Stopped at once. immediate is accepted for XNA's signature:
// these sounds have no release phase, so both stop the same way.
func (in *SoundEffectInstance) Stop(immediate bool) {
	if in.State() == Stopped {
		return
	}
	if in.sys.send(command{kind: cmdStop, slot: in.slot, gen: in.gen, cut: immediate}) {
		in.state = Stopped
		in.slot = -1
	}
}

// Volume is 0..1 (default 1).
func (in *SoundEffectInstance) Volume() float32 { return in.volume }

// SetVolume sets the volume, clamped to 0..1 (NaN: 0); a playing sound
// ramps to it.
func (in *SoundEffectInstance) SetVolume(v float32) {
	in.volume = clamp(v, 0, 1)
	in.sendGains()
}

// Pitch is in octaves, -1..1 (default 0).
func (in *SoundEffectInstance) Pitch() float32 { return in.pitch }

// SetPitch sets the pitch, clamped to -1..1 (NaN: 0).
func (in *SoundEffectInstance) SetPitch(p float32) {
	in.pitch = clamp(p, -1, 1)
	in.sendStep()
}

// Pan is -1 (left) .. 1 (right), default 0.
func (in *SoundEffectInstance) Pan() float32 { return in.pan }

// SetPan sets the pan, clamped to -1..1 (NaN: 0); it ends 3D positioning.
func (in *SoundEffectInstance) SetPan(p float32) {
	in.pan = clamp(p, -1, 1)
	in.is3D = false
	in.atten, in.doppler = 1, 1
	in.sendGains()
	in.sendStep()
}

// IsLooped reports whether the sound repeats.
func (in *SoundEffectInstance) IsLooped() bool { return in.looped }

// SetIsLooped sets it; a playing sound follows from its next end.
func (in *SoundEffectInstance) SetIsLooped(on bool) {
	in.looped = on
	if in.State() != Stopped {
		in.sys.send(command{kind: cmdLoop, slot: in.slot, gen: in.gen, loop: on})
	}
}

func (in *SoundEffectInstance) sendGains() {
	if in.State() == Stopped {
		return
	}
	gl, gr := in.gains()
	in.sys.send(command{kind: cmdGain, slot: in.slot, gen: in.gen, gl: gl, gr: gr})
}

func (in *SoundEffectInstance) sendStep() {
	if in.State() == Stopped {
		return
	}
	in.sys.send(command{kind: cmdPitch, slot: in.slot, gen: in.gen, step: in.step()})
}
