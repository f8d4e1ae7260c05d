package clocktool

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestT23_OutputAppearsBeforeEOF writes part of a trace into a pipe and
// reads the transcript's first lines back before closing the input: the
// replay streams instead of waiting for EOF.
func TestT23_OutputAppearsBeforeEOF(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		var errb bytes.Buffer
		code := Run(nil, inR, outW, &errb)
		outW.Close()
		done <- code
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	if _, err := io.WriteString(inW, "0\n166667\n"); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"update 1 elapsed=0 total=0 slow=false",
		"draw 1 elapsed=166667 total=0 slow=false left=0",
		"update 2 elapsed=166667 total=0 slow=false",
		"draw 2 elapsed=166667 total=166667 slow=false left=0",
	}
	for i, w := range want {
		select {
		case got := <-lines:
			if got != w {
				t.Fatalf("line %d: %q, want %q", i+1, got, w)
			}
		case <-time.After(10 * time.Second): // a deadlock guard, not a speed check
			t.Fatalf("line %d never came while the input stayed open", i+1)
		}
	}
	inW.Close()
	if got := <-lines; got != "# ticks=2 updates=2 draws=2" {
		t.Fatalf("summary %q", got)
	}
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}

// TestT23_OneLongLineIsValid: a valid trace on one line longer than the
// old 16 MiB token limit replays.
func TestT23_OneLongLineIsValid(t *testing.T) {
	input := "0" + strings.Repeat(" ", 17<<20) + "166667 16.6667ms\n"
	got, stderr, code := runClockText(nil, input)
	if code != 0 || !strings.HasSuffix(got, "# ticks=3 updates=3 draws=3\n") {
		t.Fatalf("exit %d, stderr %q, stdout %q", code, stderr, got)
	}
}

// TestT23_ErrorsCarryLineNumbers: a bad token on a long trace names its
// line, counting comments and blank lines.
func TestT23_ErrorsCarryLineNumbers(t *testing.T) {
	input := strings.Repeat("166667 # ok\n\n", 500) + "1 2 3\n4 x5\n"
	_, stderr, code := runClockText(nil, input)
	if code != 2 || !strings.Contains(stderr, `line 1002: token "x5"`) {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// failingWriter fails every write after the first n bytes and counts the
// writes it got after failing.
type failingWriter struct {
	n, written, late int
	failed           bool
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.failed {
		w.late++
		return 0, errors.New("disk full")
	}
	if w.written+len(p) > w.n {
		w.failed = true
		return 0, errors.New("disk full")
	}
	w.written += len(p)
	return len(p), nil
}

// countingReader serves a long generated trace and counts what was read.
type countingReader struct {
	r    io.Reader
	read int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

// TestT23_StopsAtTheFirstWriteError: a writer that fails stops the replay
// at once: exit 1, no write after the failing one, and the rest of a long
// trace is never read.
func TestT23_StopsAtTheFirstWriteError(t *testing.T) {
	trace := strings.Repeat("166667\n", 1_000_000)
	in := &countingReader{r: strings.NewReader(trace)}
	w := &failingWriter{n: 1000}
	var errb bytes.Buffer
	code := Run(nil, in, w, &errb)
	if code != 1 || !strings.Contains(errb.String(), "disk full") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if w.late != 0 {
		t.Errorf("%d writes after the failing one", w.late)
	}
	if in.read > len(trace)/4 {
		t.Errorf("read %d of %d bytes after the write failed", in.read, len(trace))
	}
}

// genTrace is an endless-looking trace generated on the fly: n deltas of
// frame times around 60 Hz, one per line, never held in memory whole. At
// its end it records the live heap.
type genTrace struct {
	n, i    int
	pending []byte
	heap    uint64
}

func (g *genTrace) Read(p []byte) (int, error) {
	if len(g.pending) == 0 {
		if g.i == g.n {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			g.heap = ms.HeapAlloc
			return 0, io.EOF
		}
		for k := 0; k < 1000 && g.i < g.n; k++ {
			g.pending = fmt.Appendf(g.pending, "%d\n", 160_000+g.i%13_000)
			g.i++
		}
	}
	n := copy(p, g.pending)
	g.pending = g.pending[n:]
	return n, nil
}

// TestT23_MemoryStaysFlat replays two million deltas from a generated
// trace and checks the live heap at the end of the input: the replay holds
// constant-size buffers, not the trace (the old parser kept every delta:
// 16 MB here, with its slice's growth).
func TestT23_MemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("replays two million ticks")
	}
	g := &genTrace{n: 2_000_000}
	var errb bytes.Buffer
	if code := Run(nil, g, io.Discard, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if g.heap > 8<<20 {
		t.Fatalf("live heap %d bytes at the end of a 2M-delta trace", g.heap)
	}
}

// BenchmarkClockReplay50MB replays a 50 MB trace of 60 Hz frame times (as
// in the issue that asked for streaming) to io.Discard.
func BenchmarkClockReplay50MB(b *testing.B) {
	var buf bytes.Buffer
	for i := 0; buf.Len() < 50<<20; i++ {
		fmt.Fprintf(&buf, "%d\n", 160_000+i%13_000)
	}
	trace := buf.Bytes()
	b.SetBytes(int64(len(trace)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		var errb bytes.Buffer
		if code := Run(nil, bytes.NewReader(trace), io.Discard, &errb); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}

// TestT23_AppendIntMatchesStrconv checks the transcript's number
// formatting against strconv at the edges and on every digit count.
func TestT23_AppendIntMatchesStrconv(t *testing.T) {
	vals := []int64{0, 1, 9, 10, 99, 100, -1, -10, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for p := int64(1); p > 0 && p <= math.MaxInt64/10; p *= 10 {
		vals = append(vals, p-1, p, p+1, -p, -(p - 1))
	}
	for _, v := range vals {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.FormatInt(v, 10); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}

// TestT23_GrowingFieldMatchesStrconv checks the cached times text of a
// growing total (high digits reused, low digits rewritten) against strconv,
// across carries into new digits and the 10^8 boundary, with the elapsed
// and slow fields changing under it.
func TestT23_GrowingFieldMatchesStrconv(t *testing.T) {
	var x timesText
	v := int64(0)
	steps := []int64{0, 1, 8, 1, 90, 900, 166667, 999_999_999, 5, 333334, 1e9 + 7, 99_999_999}
	for r := 0; r < 4000; r++ {
		v += steps[r%len(steps)] * int64(1+r%3)
		elapsed, slow := steps[(r/7)%len(steps)], r%5 == 0
		x.set(elapsed, v, slow)
		got := string(x.text[:x.n])
		want := " elapsed=" + strconv.FormatInt(elapsed, 10) + " total=" + strconv.FormatInt(v, 10) + " slow=" + strconv.FormatBool(slow)
		if got != want {
			t.Fatalf("after %d steps: %q, want %q", r, got, want)
		}
	}
	for _, v := range []int64{math.MaxInt64, 1e8, 1e8 - 1, 0, -1, math.MinInt64, 1e8, 2e8 + 1} {
		x.set(math.MaxInt64, v, true)
		if got, want := string(x.text[:x.n]), " elapsed=9223372036854775807 total="+strconv.FormatInt(v, 10)+" slow=true"; got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// TestT23_CounterMatchesStrconv checks the text count across carries into
// new digits.
func TestT23_CounterMatchesStrconv(t *testing.T) {
	var c counter
	for i := 1; i <= 100_001; i++ {
		c.inc()
		if got, want := string(c.text[:c.n]), strconv.Itoa(i); got != want {
			t.Fatalf("count %q, want %q", got, want)
		}
	}
}
