package audio

import (
	"math"
	"sync/atomic"
)

// pcm is a SoundEffect's decoded samples: interleaved float32 in -1..1,
// one or two channels, at rate frames per second. Never written after
// it is made, so the mixer reads it without locks.
type pcm struct {
	data   []float32
	ch     int
	rate   int
	frames int
}

// ring is a streamed source (a Song or a DynamicSoundEffectInstance): the
// game writes frames, the mixer reads them; one writer, one reader,
// positions in frames since the stream's start.
type ring struct {
	data []float32
	ch   int
	rate int
	mask uint64 // capacity in frames - 1 (a power of two)
	w    atomic.Uint64
	r    atomic.Uint64
	eof  atomic.Bool // the writer wrote its last frame
	// starved counts blocks in which the reader wanted a frame that was
	// not written yet (the stream underran).
	starved atomic.Int64
}

func newRing(ch, rate, capFrames int) *ring {
	n := 1
	for n < capFrames {
		n <<= 1
	}
	return &ring{data: make([]float32, n*ch), ch: ch, rate: rate, mask: uint64(n - 1)}
}

// space reports how many frames the writer may write now.
func (r *ring) space() int { return int(r.mask+1) - int(r.w.Load()-r.r.Load()) }

// write copies whole frames from src (interleaved, r.ch channels) and
// reports how many it took.
func (r *ring) write(src []float32) int {
	n := len(src) / r.ch
	if s := r.space(); n > s {
		n = s
	}
	w := r.w.Load()
	for f := 0; f < n; f++ {
		at := int((w+uint64(f))&r.mask) * r.ch
		copy(r.data[at:at+r.ch], src[f*r.ch:f*r.ch+r.ch])
	}
	r.w.Store(w + uint64(n))
	return n
}

// Voice states in the mixer.
const (
	vsFree = iota
	vsPlaying
	vsHeld // paused after its ramp
)

// voice is one playing sound in the mixer (audio goroutine only).
type voice struct {
	state    int
	gen      uint32
	src      *pcm
	stream   *ring
	music    bool
	loop     bool
	started  bool
	at       int64  // output frame it starts at
	pos      uint64 // source position, 32.32 fixed point
	step     uint64 // source frames per output frame, 32.32
	bl, br   float32
	gl, gr   float32 // current gains
	tl, tr   float32 // target gains
	dl, dr   float32 // per-frame ramp increments
	ramp     int     // frames left in the ramp
	stopping bool    // free the voice when the ramp ends
	pausing  bool    // hold the voice when the ramp ends
}

// mixer mixes voices into float32 stereo frames. All of its state belongs
// to whichever goroutine renders; the game reaches it only through q and
// the atomics.
type mixer struct {
	rate    int
	rampLen int
	voices  []voice
	done    []atomic.Uint32 // per slot: the generation the mixer finished
	q       *queue
	master  float32
	frame   int64 // the next frame to render
	pos     atomic.Int64
	late    atomic.Int64
	playing atomic.Int32
	peak    atomic.Uint32 // float32 bits of the last block's peak, after the limiter
	cmd     command
}

func newMixer(rate, voices, queueLen int) *mixer {
	return &mixer{
		rate:    rate,
		rampLen: rampFrames(rate),
		voices:  make([]voice, voices),
		done:    make([]atomic.Uint32, voices),
		q:       newQueue(queueLen),
		master:  1,
	}
}

// rampFrames is the length of every volume ramp: 2 ms (A2 asks at least 1).
func rampFrames(rate int) int {
	n := rate / 500
	if n < 1 {
		n = 1
	}
	return n
}

// apply carries out one command.
func (m *mixer) apply(c *command) {
	if c.kind == cmdMaster {
		m.master = c.gl
		for i := range m.voices {
			v := &m.voices[i]
			if v.state != vsFree && !v.music && !v.stopping && !v.pausing {
				m.retarget(v, v.bl, v.br)
			}
		}
		return
	}
	if c.kind == cmdStopSource {
		for i := range m.voices {
			if v := &m.voices[i]; v.state != vsFree && v.src == c.src {
				m.stop(i)
			}
		}
		return
	}
	if c.slot < 0 || int(c.slot) >= len(m.voices) {
		return
	}
	v := &m.voices[c.slot]
	if c.kind == cmdPlay {
		if v.state != vsFree {
			m.done[c.slot].Store(v.gen) // replaced: the old one is over
		}
		*v = voice{state: vsPlaying, gen: c.gen, src: c.src, stream: c.stream, music: c.music,
			loop: c.loop, at: c.at, step: c.step}
		if v.at < 0 {
			v.at = m.frame
		}
		m.retarget(v, c.gl, c.gr)
		return
	}
	if v.state == vsFree || v.gen != c.gen {
		return
	}
	switch c.kind {
	case cmdGain:
		if !v.stopping && !v.pausing && v.state == vsPlaying {
			m.retarget(v, c.gl, c.gr)
		} else {
			v.bl, v.br = c.gl, c.gr
		}
	case cmdPitch:
		v.step = c.step
	case cmdLoop:
		v.loop = c.loop
	case cmdPause:
		if v.state == vsPlaying && !v.stopping {
			if !v.started && v.gl == 0 && v.gr == 0 {
				v.state = vsHeld
				return
			}
			v.pausing = true
			m.rampTo(v, 0, 0)
		}
	case cmdResume:
		if v.state == vsHeld || v.pausing {
			v.state = vsPlaying
			v.pausing = false
			m.retarget(v, v.bl, v.br)
		}
	case cmdStop:
		m.stop(int(c.slot))
	}
}

// stop ends the voice in slot: freed at once when it has not sounded yet
// (or is silent or held), after a ramp to silence otherwise (A2).
func (m *mixer) stop(slot int) {
	v := &m.voices[slot]
	if !v.started || v.state == vsHeld || (v.gl == 0 && v.gr == 0 && v.ramp == 0) {
		m.free(slot)
		return
	}
	v.stopping = true
	v.pausing = false
	m.rampTo(v, 0, 0)
}

// retarget ramps v to base gains bl, br (times the master volume for
// effects).
func (m *mixer) retarget(v *voice, bl, br float32) {
	v.bl, v.br = bl, br
	if !v.music {
		bl, br = bl*m.master, br*m.master
	}
	m.rampTo(v, bl, br)
}

func (m *mixer) rampTo(v *voice, tl, tr float32) {
	v.tl, v.tr = tl, tr
	v.ramp = m.rampLen
	inv := 1 / float32(m.rampLen)
	v.dl = float32(tl-v.gl) * inv
	v.dr = float32(tr-v.gr) * inv
}

func (m *mixer) free(slot int) {
	v := &m.voices[slot]
	v.state = vsFree
	v.src, v.stream = nil, nil
	m.done[slot].Store(v.gen)
}

// render mixes len(dst)/2 stereo frames into dst, starting at output frame
// m.frame, and advances it.
func (m *mixer) render(dst []float32) {
	for m.q.pop(&m.cmd) {
		m.apply(&m.cmd)
	}
	m.cmd = command{}
	clear(dst)
	n := len(dst) / 2
	playing := int32(0)
	for i := range m.voices {
		v := &m.voices[i]
		if v.state != vsPlaying {
			if v.state == vsHeld {
				playing++
			}
			continue
		}
		playing++
		if m.mixVoice(v, dst, n) {
			m.free(i)
			playing--
		}
	}
	var peak float32
	for i, x := range dst {
		if x != x {
			x = 0 // the last guard: sources are sanitized, gains clamped
		}
		y := limit(x)
		dst[i] = y
		if y < 0 {
			y = -y
		}
		if y > peak {
			peak = y
		}
	}
	m.frame += int64(n)
	m.pos.Store(m.frame)
	m.playing.Store(playing)
	m.peak.Store(math.Float32bits(peak))
}

// limit is the soft limiter on the sum: the identity up to the knee, then
// a smooth curve that approaches 1 and never reaches it (A2); infinities
// give its limit, +-1.
func limit(x float32) float32 {
	const knee = 0.8
	const room = 1 - knee
	switch {
	case x > math.MaxFloat32:
		return 1
	case x < -math.MaxFloat32:
		return -1
	case x > knee:
		over := x - knee
		return knee + float32(room*over)/(over+room)
	case x < -knee:
		over := -x - knee
		return -(knee + float32(room*over)/(over+room))
	}
	return x
}

// mixVoice adds v's contribution to the n frames of dst and reports
// whether the voice ended. Every product is rounded by an explicit
// conversion so no compiler may fuse it (A4: the same bytes everywhere).
func (m *mixer) mixVoice(v *voice, dst []float32, n int) bool {
	off := 0
	if !v.started {
		d := v.at - m.frame
		if d >= int64(n) {
			return false
		}
		if d < 0 {
			m.late.Add(1)
			d = 0
		}
		off = int(d)
		v.started = true
	}
	var data []float32
	var ch int
	var mask, limitF uint64
	ring := v.stream
	eof := false
	if ring != nil {
		eof = ring.eof.Load()
		data, ch, mask = ring.data, ring.ch, ring.mask
		limitF = ring.w.Load()
	} else {
		data, ch, mask = v.src.data, v.src.ch, ^uint64(0)
		limitF = uint64(v.src.frames)
	}
	ended := false
	for k := off; k < n; {
		// Fast run: no ramp, and both interpolation frames available.
		if v.ramp == 0 && v.step > 0 && limitF > 0 && v.pos < (limitF-1)<<32 {
			cnt := int(((limitF-1)<<32 - v.pos + v.step - 1) / v.step)
			if cnt > n-k {
				cnt = n - k
			}
			if ch == 1 {
				v.pos = runMono(dst[2*k:2*(k+cnt)], data, mask, v.pos, v.step, v.gl, v.gr)
			} else {
				v.pos = runStereo(dst[2*k:2*(k+cnt)], data, mask, v.pos, v.step, v.gl, v.gr)
			}
			k += cnt
			continue
		}
		i := v.pos >> 32
		if i >= limitF {
			switch {
			case ring == nil && v.loop && limitF > 0:
				v.pos -= limitF << 32
				i -= limitF
			case ring != nil && !eof:
				ended = m.starve(v, ring)
				k = n
				continue
			default:
				ended = true
			}
			if ended {
				break
			}
		}
		j := i + 1
		if j >= limitF {
			switch {
			case ring == nil && v.loop:
				j = 0
			case ring != nil && !eof:
				ended = m.starve(v, ring)
				k = n
				continue
			default:
				j = i
			}
		}
		frac := float32(uint32(v.pos)) * (1.0 / 4294967296.0)
		a := int(i&mask) * ch
		b := int(j&mask) * ch
		var l, r float32
		if ch == 1 {
			s0 := data[a]
			l = s0 + float32(frac*(data[b]-s0))
			r = l
		} else {
			s0, t0 := data[a], data[a+1]
			l = s0 + float32(frac*(data[b]-s0))
			r = t0 + float32(frac*(data[b+1]-t0))
		}
		if v.ramp > 0 {
			v.gl += v.dl
			v.gr += v.dr
			v.ramp--
			if v.ramp == 0 {
				v.gl, v.gr = v.tl, v.tr
			}
		}
		dst[2*k] += float32(l * v.gl)
		dst[2*k+1] += float32(r * v.gr)
		v.pos += v.step
		k++
		if v.ramp == 0 && (v.stopping || v.pausing) {
			if v.stopping {
				ended = true
				break
			}
			v.pausing = false
			v.state = vsHeld
			break
		}
	}
	if ring != nil {
		ring.r.Store(v.pos >> 32)
	}
	return ended
}

// starve handles a streamed voice that has no frame to play: counted as
// an underrun of its stream, unless it was fading out, which the
// silence has already done: a stopping voice ends (it reports true) and a
// pausing one is held at once, so a starved stream still frees its
// voice when stopped.
func (m *mixer) starve(v *voice, r *ring) bool {
	switch {
	case v.stopping:
		return true
	case v.pausing:
		v.pausing, v.state = false, vsHeld
		v.gl, v.gr, v.ramp = 0, 0, 0
		return false
	}
	r.starved.Add(1)
	return false
}

// runMono mixes a mono source into out (stereo frames) at constant gains,
// where every frame it reads is available; it returns the new position.
func runMono(out, data []float32, mask, pos, step uint64, gl, gr float32) uint64 {
	for k := 0; k+1 < len(out); k += 2 {
		i := pos >> 32
		frac := float32(uint32(pos)) * (1.0 / 4294967296.0)
		s0 := data[i&mask]
		s1 := data[(i+1)&mask]
		x := s0 + float32(frac*(s1-s0))
		out[k] += float32(x * gl)
		out[k+1] += float32(x * gr)
		pos += step
	}
	return pos
}

// runStereo is runMono for a stereo source.
func runStereo(out, data []float32, mask, pos, step uint64, gl, gr float32) uint64 {
	for k := 0; k+1 < len(out); k += 2 {
		i := pos >> 32
		frac := float32(uint32(pos)) * (1.0 / 4294967296.0)
		a := (i & mask) * 2
		b := ((i + 1) & mask) * 2
		s0, t0 := data[a], data[a+1]
		l := s0 + float32(frac*(data[b]-s0))
		r := t0 + float32(frac*(data[b+1]-t0))
		out[k] += float32(l * gl)
		out[k+1] += float32(r * gr)
		pos += step
	}
	return pos
}
