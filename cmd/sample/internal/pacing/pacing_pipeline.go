package pacing

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// pacingPipeline runs every swap interval through src, then writes
// pacing.csv and the plots into dir (created if missing) and the summary
// table to stdout. It is the same for the simulated and the real run.
func pacingPipeline(src pacingRun, intervals []int, dir string, prog *pacingProgress, stdout io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create output directory: %w", err)
	}
	if err := probeWritableDir(dir); err != nil {
		return err
	}
	series := make([]pacingSeries, 0, len(intervals))
	for i, iv := range intervals {
		s, err := src.Run(iv, prog.forRun(i))
		if err != nil {
			prog.finish()
			return err
		}
		series = append(series, s)
	}
	prog.finish()
	if err := writePacingCSV(filepath.Join(dir, pacingCSVName), series); err != nil {
		return err
	}
	plots, err := writePacingPlots(dir, src, series)
	if err != nil {
		return err
	}
	if err := writePacingSummary(stdout, src, series); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "wrote %s and %v into %s\n", pacingCSVName, plots, dir)
	return err
}

// probeWritableDir checks, before the runs, that files can be created in
// dir, so a long run is not lost when its outputs are written.
func probeWritableDir(dir string) error {
	f, err := os.CreateTemp(dir, ".pacing-probe-*")
	if err != nil {
		return fmt.Errorf("output directory %s is not writable: %w", dir, err)
	}
	return errors.Join(f.Close(), os.Remove(f.Name()))
}
