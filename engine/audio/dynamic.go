package audio

import (
	"fmt"
	"time"
)

// DynamicSoundEffectInstance plays 16-bit PCM buffers the game submits
// (XNA's DynamicSoundEffectInstance). BufferNeeded is raised during
// EndUpdate while it plays and 2 or fewer buffers are pending. The System
// holds it only while it plays or is paused: once stopped (or disposed)
// nothing of the package keeps it, and it is freed when the game drops
// it. Dispose it as XNA asks; an instance left playing keeps its voice.
type DynamicSoundEffectInstance struct {
	*SoundEffectInstance
	listed bool // in the System's list of playing dynamic instances
	ring   *ring
	ends   []uint64 // ring frame at which each pending buffer ends
	conv   []float32
	capF   int
	// BufferNeeded is raised when 2 or fewer buffers are pending.
	BufferNeeded Event
}

// NewDynamicSoundEffectInstance makes one for 16-bit PCM at sampleRate
// with 1 or 2 channels; it can hold up to bufferTime of submitted audio
// (0: one second).
func (s *System) NewDynamicSoundEffectInstance(sampleRate, channels int, bufferTime time.Duration) (*DynamicSoundEffectInstance, error) {
	if err := checkFormat(sampleRate, channels); err != nil {
		return nil, fmt.Errorf("audio: NewDynamicSoundEffectInstance: %w", err)
	}
	if bufferTime == 0 {
		bufferTime = time.Second
	}
	if bufferTime < 10*time.Millisecond || bufferTime > time.Minute {
		return nil, fmt.Errorf("audio: NewDynamicSoundEffectInstance: buffer time %v out of range: use 10ms to 1m", bufferTime)
	}
	capF := int(int64(sampleRate) * int64(bufferTime) / int64(time.Second))
	d := &DynamicSoundEffectInstance{capF: capF}
	d.ring = newRing(channels, sampleRate, capF)
	d.SoundEffectInstance = &SoundEffectInstance{sys: s, dyn: d, volume: 1, slot: -1, atten: 1, doppler: 1}
	return d, nil
}

// SubmitBuffer queues 16-bit signed little-endian PCM (whole frames). It
// is an error when the buffer does not fit in what is free.
func (d *DynamicSoundEffectInstance) SubmitBuffer(buf []byte) error {
	if d.disposed {
		return fmt.Errorf("audio: SubmitBuffer: %w", ErrDisposed)
	}
	ch := d.ring.ch
	if len(buf) == 0 || len(buf)%(2*ch) != 0 {
		return fmt.Errorf("audio: SubmitBuffer: %d bytes is not a whole, non-zero number of %d-channel 16-bit frames", len(buf), ch)
	}
	frames := len(buf) / (2 * ch)
	if frames > d.ring.space() {
		return fmt.Errorf("audio: SubmitBuffer: %d frames do not fit (%d free): wait for BufferNeeded or make the instance with a longer buffer time", frames, d.ring.space())
	}
	if cap(d.conv) < len(buf)/2 {
		d.conv = make([]float32, len(buf)/2)
	}
	c := d.conv[:len(buf)/2]
	for i := range c {
		c[i] = float32(int16(uint16(buf[2*i])|uint16(buf[2*i+1])<<8)) / 32768
	}
	d.ring.write(c)
	d.ends = append(d.ends, d.ring.w.Load())
	return nil
}

// SubmitFloatBuffer queues interleaved float32 samples in -1..1 (whole
// frames), as FNA's SubmitFloatBufferEXT: samples outside -1..1 are
// clipped to it and NaN reads 0, so a bad buffer cannot spoil the mix. It
// is an error when the buffer does not fit in what is free.
func (d *DynamicSoundEffectInstance) SubmitFloatBuffer(samples []float32) error {
	if d.disposed {
		return fmt.Errorf("audio: SubmitFloatBuffer: %w", ErrDisposed)
	}
	ch := d.ring.ch
	if len(samples) == 0 || len(samples)%ch != 0 {
		return fmt.Errorf("audio: SubmitFloatBuffer: %d samples is not a whole, non-zero number of %d-channel frames", len(samples), ch)
	}
	frames := len(samples) / ch
	if frames > d.ring.space() {
		return fmt.Errorf("audio: SubmitFloatBuffer: %d frames do not fit (%d free): wait for BufferNeeded or make the instance with a longer buffer time", frames, d.ring.space())
	}
	if cap(d.conv) < len(samples) {
		d.conv = make([]float32, len(samples))
	}
	c := d.conv[:len(samples)]
	for i, v := range samples {
		c[i] = sanitize(v)
	}
	d.ring.write(c)
	d.ends = append(d.ends, d.ring.w.Load())
	return nil
}

// PendingBufferCount is how many submitted buffers have not been played
// to their end.
func (d *DynamicSoundEffectInstance) PendingBufferCount() int {
	r := d.ring.r.Load()
	k := 0
	for k < len(d.ends) && d.ends[k] <= r {
		k++
	}
	if k > 0 {
		d.ends = append(d.ends[:0], d.ends[k:]...)
	}
	return len(d.ends)
}

// Stop stops playing and drops the pending buffers.
func (d *DynamicSoundEffectInstance) Stop(immediate bool) {
	if d.disposed {
		return
	}
	d.SoundEffectInstance.Stop(immediate)
	d.ring = newRing(d.ring.ch, d.ring.rate, d.capF)
	d.ends = d.ends[:0]
}

// Dispose stops the sound at once (faded, A2), drops its pending buffers
// and disposes of the instance, as XNA's Dispose: afterwards Play reports
// false, SubmitBuffer returns an ErrDisposed error and BufferNeeded is no
// longer raised. A second call does nothing.
func (d *DynamicSoundEffectInstance) Dispose() {
	d.SoundEffectInstance.Dispose()
	d.ends = d.ends[:0]
}

// poll raises BufferNeeded, once per Update, while playing with 2 or
// fewer pending buffers.
func (d *DynamicSoundEffectInstance) poll() {
	if d.State() == Playing && d.PendingBufferCount() <= 2 {
		d.BufferNeeded.raise()
	}
}

// sounding reports whether the instance plays or is paused (the System
// keeps it listed for BufferNeeded only then).
func (d *DynamicSoundEffectInstance) sounding() bool { return d.State() != Stopped }
