package pacing

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/metronome-engine/metronome/renderer/present/pacing"
)

// judderLabels names the judder buckets of the summary and the bar chart:
// refreshes whose picture advanced the game by 0, 1, 2, or 3 or more updates.
var judderLabels = []string{"0", "1", "2", "3+"}

// judderShares returns the share of refreshes, in percent, in each bucket
// of judderLabels.
func judderShares(r *pacing.Report) []float64 {
	out := make([]float64, len(judderLabels))
	if r.Refreshes == 0 {
		return out
	}
	last := len(judderLabels) - 1
	for n, c := range r.NewUpdates {
		out[min(n, last)] += float64(c)
	}
	for i := range out {
		out[i] = 100 * out[i] / float64(r.Refreshes)
	}
	return out
}

// writePacingSummary prints the summary table: one row per interval.
func writePacingSummary(w io.Writer, src pacingRun, series []pacingSeries) error {
	fmt.Fprintf(w, "sample pacing: %s\n", src.Describe())
	if c := src.Caveat(); c != "" {
		fmt.Fprintf(w, "NOTE: %s\n", c)
	}
	sim, shown := hasDisplay(series), hasShown(series)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "interval\tmode\tfallback\tmin ms\tmedian ms\tp99 ms\tmax ms\tdraws/s\tupdates/s"
	switch {
	case sim:
		head += "\tjudder % 0/1/2/3+\trepeats\ttears\tdrops\tlatency ms med/p99"
	case shown:
		head += "\tjudder % 0/1/2/3+\trepeats %\tjudder from"
	}
	fmt.Fprintln(tw, head)
	for _, s := range series {
		fmt.Fprintln(tw, summaryRow(s, sim))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range series {
		switch {
		case s.Choice.FellBack:
			fmt.Fprintf(w, "fallback: %s\n", s.Choice.Reason)
		case s.Choice.Emulated:
			fmt.Fprintf(w, "emulated: %s\n", s.Choice.Reason)
		}
	}
	if sim {
		fmt.Fprintln(w, "judder: share of refreshes whose picture shows 0, 1, 2, 3+ new updates; tears: torn presents; drops: frames never shown")
	}
	if shown && !sim {
		for _, s := range series {
			if s.Shown != nil {
				fmt.Fprintf(w, "judder of interval %d from %v\n", s.Choice.Requested, s.Shown)
			}
		}
		fmt.Fprintln(w, "judder: share of the display's refreshes whose picture shows 0, 1, 2, 3+ new updates, "+
			"from the times in 'judder from': presented or frame done (what the display showed), "+
			"present returned where the platform measures nothing")
	}
	return nil
}

// summaryRow formats one series' row of the table.
func summaryRow(s pacingSeries, sim bool) string {
	st := pacing.Summarize(s.intervals())
	fb := "no"
	if s.Choice.FellBack {
		fb = "yes"
	}
	cols := []string{
		fmt.Sprint(s.Choice.Requested), s.Choice.DisplayMode(), fb,
		ms(st.Min), ms(st.Median), ms(st.P99), ms(st.Max),
		fmt.Sprintf("%.2f", perSecond(len(s.Samples), s.Elapsed)),
		fmt.Sprintf("%.2f", perSecond(s.Updates, s.Elapsed)),
	}
	if sim && s.Display != nil {
		r := s.Display
		cols = append(cols, percents(judderShares(r)), fmt.Sprint(r.Repeats), fmt.Sprint(r.Torn),
			fmt.Sprint(r.Dropped), ms(r.Latency.Median)+"/"+ms(r.Latency.P99))
	}
	if !sim && s.Shown != nil {
		j := s.Shown
		judder, repeats := "-", "-"
		if j.Refreshes > 0 {
			judder, repeats = percents(j.shares()), fmt.Sprintf("%.1f", j.repeatShare())
		}
		cols = append(cols, judder, repeats, j.Source)
	}
	return strings.Join(cols, "\t")
}

// percents formats shares as "12.5/87.5/0.0/0.0".
func percents(shares []float64) string {
	parts := make([]string, len(shares))
	for i, v := range shares {
		parts[i] = fmt.Sprintf("%.1f", v)
	}
	return strings.Join(parts, "/")
}

// hasShown reports whether any series has a real run's judder.
func hasShown(series []pacingSeries) bool {
	for _, s := range series {
		if s.Shown != nil {
			return true
		}
	}
	return false
}

// ms formats d in milliseconds with microsecond precision.
func ms(d time.Duration) string { return fmt.Sprintf("%.3f", float64(d)/float64(time.Millisecond)) }

// hasDisplay reports whether any series comes from a simulated display.
func hasDisplay(series []pacingSeries) bool {
	for _, s := range series {
		if s.Display != nil {
			return true
		}
	}
	return false
}
