package audio

import "sync/atomic"

// cmdKind says what a command asks of the mixer.
type cmdKind uint8

const (
	cmdPlay       cmdKind = iota + 1 // start voice slot at frame
	cmdGain                          // new target gains (volume, pan)
	cmdPitch                         // new resampling step
	cmdPause                         // ramp down, then hold
	cmdResume                        // ramp up from where it held
	cmdStop                          // ramp down (or cut), then free the slot
	cmdLoop                          // change IsLooped
	cmdMaster                        // master volume of effects
	cmdStreamEnd                     // the stream's writer will write no more
	cmdStopSource                    // stop every voice playing src (a disposed SoundEffect)
)

// command is one message from the game to the mixer. It is a value type
// so the queue holds no pointers the game could change later.
type command struct {
	kind   cmdKind
	slot   int32
	gen    uint32
	loop   bool
	music  bool    // not scaled by the master volume (MediaPlayer)
	cut    bool    // Stop(immediate)
	at     int64   // output frame to start at (cmdPlay); -1: at once
	gl, gr float32 // target gains before the master volume
	step   uint64  // resampling step, 32.32 fixed point
	src    *pcm    // cmdPlay, cmdStopSource: a SoundEffect's samples, or nil
	stream *ring   // cmdPlay: a streamed source, or nil
}

// queue is a bounded single-producer single-consumer ring of commands:
// the game pushes, the mixer pops, neither waits (A2).
type queue struct {
	buf  []command
	mask uint64
	head atomic.Uint64 // next to pop (consumer)
	tail atomic.Uint64 // next to push (producer)
}

func newQueue(size int) *queue {
	n := 1
	for n < size {
		n <<= 1
	}
	return &queue{buf: make([]command, n), mask: uint64(n - 1)}
}

// push appends c, or reports false when the queue is full.
func (q *queue) push(c command) bool {
	t := q.tail.Load()
	if t-q.head.Load() >= uint64(len(q.buf)) {
		return false
	}
	q.buf[t&q.mask] = c
	q.tail.Store(t + 1)
	return true
}

// pop removes the oldest command into *c, or reports false when empty.
func (q *queue) pop(c *command) bool {
	h := q.head.Load()
	if h == q.tail.Load() {
		return false
	}
	*c = q.buf[h&q.mask]
	q.buf[h&q.mask] = command{}
	q.head.Store(h + 1)
	return true
}
