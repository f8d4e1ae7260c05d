package clockref

import (
	"fmt"
	"strings"
	"testing"
)

// line is one parsed transcript line.
type line struct {
	kind                  string // "update", "draw" or "#"
	n, elapsed, total     int64
	slow                  bool
	left                  int64
	ticks, updates, draws int64
}

// run parses input, replays it and returns the transcript and its parsed lines.
func run(t *testing.T, cfg Config, input string) (string, []line) {
	t.Helper()
	deltas, err := Parse(strings.NewReader(input))
	if err != nil {
		t.Fatalf("Parse(%q): %v", input, err)
	}
	s, err := Transcript(cfg, deltas)
	if err != nil {
		t.Fatalf("Transcript(%+v): %v", cfg, err)
	}
	return s, parseTranscript(t, s)
}

// parseTranscript reads the transcript format back; it fails on any line that
// does not match the format exactly.
func parseTranscript(t *testing.T, s string) []line {
	t.Helper()
	var ls []line
	for _, text := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		var l line
		var err error
		var back string
		switch {
		case strings.HasPrefix(text, "update "):
			l.kind = "update"
			_, err = fmt.Sscanf(text, "update %d elapsed=%d total=%d slow=%t", &l.n, &l.elapsed, &l.total, &l.slow)
			back = fmt.Sprintf("update %d elapsed=%d total=%d slow=%t", l.n, l.elapsed, l.total, l.slow)
		case strings.HasPrefix(text, "draw "):
			l.kind = "draw"
			_, err = fmt.Sscanf(text, "draw %d elapsed=%d total=%d slow=%t left=%d", &l.n, &l.elapsed, &l.total, &l.slow, &l.left)
			back = fmt.Sprintf("draw %d elapsed=%d total=%d slow=%t left=%d", l.n, l.elapsed, l.total, l.slow, l.left)
		default:
			l.kind = "#"
			_, err = fmt.Sscanf(text, "# ticks=%d updates=%d draws=%d", &l.ticks, &l.updates, &l.draws)
			back = fmt.Sprintf("# ticks=%d updates=%d draws=%d", l.ticks, l.updates, l.draws)
		}
		if err != nil || back != text {
			t.Fatalf("bad transcript line %q (err %v)", text, err)
		}
		ls = append(ls, l)
	}
	return ls
}

// of returns the lines of one kind.
func of(ls []line, kind string) []line {
	var r []line
	for _, l := range ls {
		if l.kind == kind {
			r = append(r, l)
		}
	}
	return r
}

// repeat returns tok n times, separated by spaces.
func repeat(tok string, n int) string {
	return strings.Repeat(tok+" ", n)
}

var xnaFixedCfg = Config{Profile: "xna"}
