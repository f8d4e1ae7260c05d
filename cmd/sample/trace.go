package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

// parseTrace reads frame deltas in ticks: whitespace-separated tokens, each
// a plain integer (100 ns ticks) or a Go duration that is a whole number of
// ticks; '#' starts a comment to the end of the line. Negative deltas are
// returned as read; the caller counts them as zero.
func parseTrace(r io.Reader) ([]timing.TimeSpan, error) {
	var deltas []timing.TimeSpan
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		for _, tok := range strings.Fields(text) {
			d, err := parseDelta(tok)
			if err != nil {
				return nil, fmt.Errorf("line %d: token %q: %w", line, tok, err)
			}
			deltas = append(deltas, d)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read trace: %w", err)
	}
	return deltas, nil
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
