package clocktool

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// traceReader reads frame deltas in ticks from a trace, one at a time, with
// memory that does not grow with the trace (only with its longest token):
// whitespace-separated tokens, each a plain integer (100 ns ticks) or a Go
// duration that is a whole number of ticks; '#' starts a comment to the end
// of the line. Lines may be of any length. Negative deltas are returned as
// read; the caller counts them as zero.
type traceReader struct {
	r       *bufio.Reader
	line    int    // line of the last token returned, from 1
	tok     []byte // the token being read
	pending []string
	// win is the reader's buffered input as last peeked; win[:pos] is
	// parsed but not yet discarded from the reader.
	win []byte
	pos int
	// beforeBlock runs before a read that may block (the input buffer is
	// empty), so a caller can flush its output first.
	beforeBlock func() error
}

// traceBufSize is the input buffer: large reads, flat memory.
const traceBufSize = 64 << 10

func newTraceReader(r io.Reader, beforeBlock func() error) *traceReader {
	return &traceReader{r: bufio.NewReaderSize(r, traceBufSize), line: 1, beforeBlock: beforeBlock}
}

// Line returns the line of the last token read.
func (t *traceReader) Line() int { return t.line }

// Next returns the next delta, or io.EOF at the end of the trace. Errors
// name the line and the token.
func (t *traceReader) Next() (timing.TimeSpan, error) {
	if len(t.pending) == 0 {
		if n, ok := t.fastNext(); ok {
			return timing.TimeSpan(n), nil
		}
	}
	for len(t.pending) == 0 {
		if err := t.field(); err != nil {
			return 0, err
		}
		if n, ok := parseSmallInt(t.tok); ok {
			return timing.TimeSpan(n), nil // the common case, without a string
		}
		if isASCIIBytes(t.tok) {
			t.pending = append(t.pending[:0], string(t.tok))
		} else {
			t.pending = strings.Fields(string(t.tok)) // Unicode spaces too, as strings.Fields splits
		}
	}
	tok := t.pending[0]
	t.pending = t.pending[1:]
	d, err := parseDelta(tok)
	if err != nil {
		return 0, fmt.Errorf("line %d: token %q: %w", t.line, tok, err)
	}
	return d, nil
}

// fastNext reads the next token straight from the input buffer when it is
// a plain decimal of at most 18 digits (it cannot overflow) whose separator
// is already buffered: the common case of a trace, without a copy. It
// works on a window peeked once per buffer fill and consumes nothing from
// the window otherwise (reporting false).
func (t *traceReader) fastNext() (int64, bool) {
	if n, ok := t.scan(); ok {
		return n, true
	}
	t.commit()
	t.win, _ = t.r.Peek(t.r.Buffered())
	return t.scan()
}

// commit discards what the window parsed from the reader and drops the
// window, before anything else reads the reader.
func (t *traceReader) commit() {
	_, _ = t.r.Discard(t.pos)
	t.win, t.pos = nil, 0
}

// scan parses one token of fastNext's kind at t.win[t.pos:].
func (t *traceReader) scan() (int64, bool) {
	buf := t.win
	i, lines := t.pos, 0
	for i < len(buf) && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t' || buf[i] == '\r') {
		if buf[i] == '\n' {
			lines++
		}
		i++
	}
	neg := false
	if i < len(buf) && (buf[i] == '-' || buf[i] == '+') {
		neg = buf[i] == '-'
		i++
	}
	digits := i
	var n int64
	for i < len(buf) && buf[i]-'0' < 10 {
		n = n*10 + int64(buf[i]-'0')
		i++
	}
	if i == digits || i-digits > 18 || i == len(buf) {
		return 0, false
	}
	switch buf[i] {
	case ' ', '\n', '\t', '\r', '\v', '\f', '#':
	default:
		return 0, false
	}
	t.pos = i // the separator is handled by the next call
	t.line += lines
	if neg {
		n = -n
	}
	return n, true
}

// field reads the next run of bytes between ASCII spaces into t.tok,
// skipping comments; io.EOF at the end. It scans the reader's buffer in
// place and consumes only up to the byte after the token.
func (t *traceReader) field() error {
	t.commit()
	t.tok = t.tok[:0]
	comment := false
	for {
		if t.r.Buffered() == 0 {
			if t.beforeBlock != nil {
				if err := t.beforeBlock(); err != nil {
					return err
				}
			}
			if _, err := t.r.Peek(1); err != nil {
				switch {
				case errors.Is(err, io.EOF) && len(t.tok) > 0:
					return nil
				case errors.Is(err, io.EOF):
					return io.EOF
				}
				return fmt.Errorf("line %d: read trace: %w", t.line, err)
			}
		}
		buf, _ := t.r.Peek(t.r.Buffered())
		for i, c := range buf {
			switch {
			case c == '\n':
				if len(t.tok) > 0 {
					_, _ = t.r.Discard(i) // the separator is handled on the next call
					return nil
				}
				t.line++
				comment = false
			case comment:
			case c == '#' || c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
				if len(t.tok) > 0 {
					_, _ = t.r.Discard(i)
					return nil
				}
				comment = c == '#'
			default:
				t.tok = append(t.tok, c)
			}
		}
		_, _ = t.r.Discard(len(buf))
	}
}

func isASCIIBytes(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// parseSmallInt parses an optionally signed decimal of at most 18 digits
// (so it cannot overflow) without allocating; anything else is left to
// parseDelta.
func parseSmallInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// parseDelta reads one token: an integer count of ticks, or a duration.
func parseDelta(tok string) (timing.TimeSpan, error) {
	if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
		return timing.TimeSpan(n), nil
	} else if isInteger(tok) {
		return 0, fmt.Errorf("integer out of range")
	}
	d, err := time.ParseDuration(tok)
	if err != nil {
		return 0, fmt.Errorf("neither an integer tick count nor a Go duration like 50.5ms")
	}
	if d%100 != 0 {
		return 0, fmt.Errorf("%v is not a whole number of 100 ns ticks", d)
	}
	return timing.FromDuration(d), nil
}

func isInteger(tok string) bool {
	tok = strings.TrimLeft(tok, "+-")
	return tok != "" && strings.Trim(tok, "0123456789") == ""
}
