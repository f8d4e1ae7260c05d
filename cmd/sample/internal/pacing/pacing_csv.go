package pacing

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
)

// pacingCSVName is the raw-sample file the experiment writes into -out.
const pacingCSVName = "pacing.csv"

// pacingCSVHeader names the columns of pacing.csv. Times are integer
// nanoseconds on the run's clock (virtual time in a simulation). Empty
// fields: present_to_present_ns on each interval's first frame;
// displayed_ns, latency_ns, torn and dropped when the source does not know
// the frame's fate (a real run; there displayed_ns and latency_ns are set
// when the display said when the frame was shown, rule P9), displayed_ns
// and latency_ns for a dropped frame.
var pacingCSVHeader = []string{
	"interval", "mode", "fellback", "frame", "present_ns", "present_to_present_ns",
	"updates", "displayed_ns", "latency_ns", "torn", "dropped",
}

// writePacingCSV writes every sample of every series to path.
func writePacingCSV(path string, series []pacingSeries) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write CSV: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("write CSV %s: %w", path, cerr)
		}
	}()
	b := bufio.NewWriter(f)
	if err := encodePacingCSV(b, series); err != nil {
		return fmt.Errorf("write CSV %s: %w", path, err)
	}
	if err := b.Flush(); err != nil {
		return fmt.Errorf("write CSV %s: %w", path, err)
	}
	return nil
}

// encodePacingCSV writes the header and one row per sample to w.
func encodePacingCSV(w io.Writer, series []pacingSeries) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(pacingCSVHeader); err != nil {
		return err
	}
	row := make([]string, len(pacingCSVHeader))
	for _, s := range series {
		for i := range s.Samples {
			fillPacingRow(row, s, i)
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// fillPacingRow formats sample i of s into row, in the header's order.
func fillPacingRow(row []string, s pacingSeries, i int) {
	p := s.Samples[i]
	row[0] = strconv.Itoa(s.Choice.Requested)
	row[1] = s.Choice.DisplayMode()
	row[2] = strconv.FormatBool(s.Choice.FellBack)
	row[3] = strconv.Itoa(p.Frame)
	row[4] = nanos(p.PresentAt)
	row[5] = ""
	if d, ok := interval(s.Samples, i); ok {
		row[5] = nanos(d)
	}
	row[6] = strconv.Itoa(p.Updates)
	row[7], row[8], row[9], row[10] = "", "", "", ""
	if !p.Fate {
		if p.DisplayedAt > 0 { // a real run's Displayed time (P9)
			row[7], row[8] = nanos(p.DisplayedAt), nanos(p.DisplayedAt-p.PresentAt)
		}
		return
	}
	if lat, ok := p.latency(); ok {
		row[7], row[8] = nanos(p.DisplayedAt), nanos(lat)
	}
	row[9], row[10] = strconv.FormatBool(p.Torn), strconv.FormatBool(p.Dropped)
}

func nanos(d time.Duration) string { return strconv.FormatInt(int64(d), 10) }
