package pacing

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// countingRun is a pacingRun that only counts its runs.
type countingRun struct{ runs int }

func (r *countingRun) Describe() string { return "counting" }
func (r *countingRun) Caveat() string   { return "" }
func (r *countingRun) Run(int, func(float64)) (pacingSeries, error) {
	r.runs++
	return pacingSeries{}, nil
}

// TestFlagPacingOutUnwritableFailsBeforeTheRuns: a pacing -out
// directory that exists but refuses new files (sysfs, even to root) fails
// before the first run, naming the directory, instead of after all of them
// when pacing.csv is written.
func TestFlagPacingOutUnwritableFailsBeforeTheRuns(t *testing.T) {
	const dir = "/sys/kernel"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no sysfs to refuse the files: %v", err)
	}
	src := &countingRun{}
	var out bytes.Buffer
	err := pacingPipeline(src, []int{0, 1}, dir, newPacingProgress(&out, true, 2), &out)
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "not writable") || src.runs != 0 {
		t.Fatalf("error %v after %d runs; want a not-writable error naming %s before any run", err, src.runs, dir)
	}
}
