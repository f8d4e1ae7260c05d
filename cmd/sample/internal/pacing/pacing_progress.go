package pacing

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressSteps is the progress bar's resolution per interval.
const progressSteps = 1000

// pacingProgress shows how far the experiment is, on stderr. The zero
// value, and one made for a non-terminal or with -quiet, shows nothing.
type pacingProgress struct {
	bar *progressbar.ProgressBar
}

// newPacingProgress returns a progress bar over the given number of
// interval runs, drawn on w only when w is a terminal and quiet is false.
func newPacingProgress(w io.Writer, quiet bool, runs int) *pacingProgress {
	f, ok := w.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return &pacingProgress{}
	}
	bar := progressbar.NewOptions64(int64(runs*progressSteps),
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("pacing"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	return &pacingProgress{bar: bar}
}

// forRun returns the progress callback of run number i (from 0).
func (p *pacingProgress) forRun(i int) func(float64) {
	return func(done float64) {
		if p.bar != nil {
			_ = p.bar.Set64(int64(i*progressSteps) + int64(done*progressSteps))
		}
	}
}

// finish ends the bar, clearing it from the terminal.
func (p *pacingProgress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
