package pacing

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// runPacingText runs `sample pacing args` and returns stdout, stderr and
// the exit status.
func runPacingText(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// mustRunPacing runs `sample pacing -simulate -quiet -out dir args` and
// fails the test unless it exits 0; it returns stdout.
func mustRunPacing(t *testing.T, dir string, args ...string) string {
	t.Helper()
	args = append([]string{"-simulate", "-quiet", "-out", dir}, args...)
	out, errs, code := runPacingText(args...)
	if code != 0 || errs != "" {
		t.Fatalf("sample pacing %v: exit %d, stderr:\n%s", args, code, errs)
	}
	return out
}

// csvFrame is one row of pacing.csv; absent numbers read as -1.
type csvFrame struct {
	interval           int
	mode               string
	fellback           bool
	frame              int
	present, p2p       int64
	updates            int
	displayed, latency int64
	torn, dropped      string
}

// readPacingCSV parses dir/pacing.csv, checking its header.
func readPacingCSV(t *testing.T, dir string) []csvFrame {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, pacingCSVName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 || !slicesEqual(recs[0], pacingCSVHeader) {
		t.Fatalf("CSV header %q, want %q", recs[0], pacingCSVHeader)
	}
	var rows []csvFrame
	for _, r := range recs[1:] {
		rows = append(rows, csvFrame{
			interval: atoi(t, r[0]), mode: r[1], fellback: r[2] == "true", frame: atoi(t, r[3]),
			present: num(t, r[4]), p2p: num(t, r[5]), updates: atoi(t, r[6]),
			displayed: num(t, r[7]), latency: num(t, r[8]), torn: r[9], dropped: r[10],
		})
	}
	return rows
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("CSV field %q: %v", s, err)
	}
	return n
}

// num parses an integer field; an empty field is -1.
func num(t *testing.T, s string) int64 {
	t.Helper()
	if s == "" {
		return -1
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("CSV field %q: %v", s, err)
	}
	return n
}

// refreshIndex returns the refresh in which a frame displayed at t ns
// (a vblank time, floor(k*1e9/hz) on the display's clock, origin
// subtracted) began: the smallest k with floor(k*1e9/hz) >= t.
func refreshIndex(t, hz int64) int64 {
	return (t*hz + 1e9 - 1) / 1e9
}

// onScreen returns, for every frame but the last, how many refreshes it
// stayed on screen, from the displayed_ns column (origin: the display's
// vblank 0 on the run's clock).
func onScreen(t *testing.T, rows []csvFrame, hz, origin int64) []int64 {
	t.Helper()
	var out []int64
	for i := 0; i+1 < len(rows); i++ {
		a, b := rows[i].displayed, rows[i+1].displayed
		if a < 0 || b < 0 {
			t.Fatalf("frame %d or %d has no display time", i, i+1)
		}
		out = append(out, refreshIndex(b-origin, hz)-refreshIndex(a-origin, hz))
	}
	return out
}

// Columns of a summary row, split on blanks.
const (
	sumInterval = iota
	sumMode
	sumFallback
	sumMin
	sumMedian
	sumP99
	sumMax
	sumDraws
	sumUpdates
	sumJudder
	sumRepeats
	sumTears
	sumDrops
	sumLatency
)

// summaryFields returns the summary table's row of a swap interval.
func summaryFields(t *testing.T, out string, swapInterval int) []string {
	t.Helper()
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) > sumUpdates && f[0] == strconv.Itoa(swapInterval) {
			return f
		}
	}
	t.Fatalf("no summary row for interval %d in:\n%s", swapInterval, out)
	return nil
}
