// Package clockref is an independent reference implementation of what
// `sample clock` prints (rules T5-T10, T13, T22 and T23 of docs/rules.md). It is a
// test oracle: a deliberately literal transcription of the rules with plain
// loops over int64 ticks (100 ns), sharing no code with package timing.
package clockref

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// tickNanos is the length of one tick (100 ns) in nanoseconds.
const tickNanos = 100

// Parse reads the `sample clock` input grammar (issue 2, section 3) and
// returns one delta in ticks per token. Tokens are separated by white space;
// `#` starts a comment that runs to the end of its line. A plain, optionally
// signed integer is a count of ticks; anything else must be a Go duration
// (time.ParseDuration) that is a whole number of ticks. Negative deltas are
// returned as read (Transcript counts them as zero). An error names the
// 1-based line number and the offending token.
func Parse(r io.Reader) ([]int64, error) {
	var deltas []int64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		for _, tok := range strings.Fields(text) {
			d, err := parseToken(tok)
			if err != nil {
				return nil, fmt.Errorf("line %d: token %q: %w", line, tok, err)
			}
			deltas = append(deltas, d)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read input after line %d: %w", line, err)
	}
	return deltas, nil
}

// parseToken converts one token to ticks.
func parseToken(tok string) (int64, error) {
	if isInteger(tok) {
		n, err := strconv.ParseInt(tok, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("integer out of range: %w", err)
		}
		return n, nil
	}
	d, err := time.ParseDuration(tok)
	if err != nil {
		return 0, fmt.Errorf("neither an integer tick count nor a duration: %w", err)
	}
	if d%tickNanos != 0 {
		return 0, fmt.Errorf("duration %v is not a whole number of 100 ns ticks", d)
	}
	return int64(d / tickNanos), nil
}

// isInteger reports whether tok is an optional sign followed by one or more
// decimal digits.
func isInteger(tok string) bool {
	if tok != "" && (tok[0] == '+' || tok[0] == '-') {
		tok = tok[1:]
	}
	if tok == "" {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}
