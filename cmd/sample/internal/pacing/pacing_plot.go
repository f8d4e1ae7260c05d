package pacing

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Plot geometry and file names (all written into -out).
const (
	plotWidth      = 9 * vg.Inch
	plotHeight     = 4.5 * vg.Inch
	histBins       = 40
	seriesPlotName = "pacing-series.png"
	judderPlotName = "pacing-judder.png"
)

// histPlotName is the histogram file of one swap interval.
func histPlotName(swapInterval int) string {
	return fmt.Sprintf("pacing-hist-interval%d.png", swapInterval)
}

// plotTitle puts the run's description, and its caveat if any, under a
// plot's headline, so a plot read alone still says what it shows.
func plotTitle(headline string, src pacingRun) string {
	t := headline + "\n" + src.Describe()
	if c := src.Caveat(); c != "" {
		t += "\nNOTE: " + c
	}
	return t
}

// writePacingPlots writes every plot into dir and returns the file names.
func writePacingPlots(dir string, src pacingRun, series []pacingSeries) ([]string, error) {
	var names []string
	for _, s := range series {
		name := histPlotName(s.Choice.Requested)
		if err := savePlot(histogramPlot(s, src), dir, name); err != nil {
			return names, err
		}
		names = append(names, name)
	}
	p, err := seriesPlot(series, src)
	if err == nil {
		err = savePlot(p, dir, seriesPlotName)
	}
	if err != nil {
		return names, err
	}
	names = append(names, seriesPlotName)
	if !hasDisplay(series) {
		return names, nil
	}
	return writeDisplayPlots(dir, src, series, names)
}

// writeDisplayPlots adds the plots that need a display model: the judder
// chart, the on-screen timeline, and both in one overview figure.
func writeDisplayPlots(dir string, src pacingRun, series []pacingSeries, names []string) ([]string, error) {
	judder, err := judderPlot(series, src)
	if err == nil {
		err = savePlot(judder, dir, judderPlotName)
	}
	if err != nil {
		return names, err
	}
	names = append(names, judderPlotName)
	timeline, err := timelinePlot(series, src)
	if err == nil {
		err = savePlot(timeline, dir, timelinePlotName)
	}
	if err != nil {
		return names, err
	}
	names = append(names, timelinePlotName)
	if err := saveOverview(dir, timeline, judder); err != nil {
		return names, err
	}
	return append(names, overviewPlotName), nil
}

func savePlot(p *plot.Plot, dir, name string) error {
	if err := p.Save(plotWidth, plotHeight, filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("write plot %s: %w", name, err)
	}
	return nil
}

// histogramPlot is the histogram of one interval's present-to-present
// intervals; with fewer than two frames it shows empty axes.
func histogramPlot(s pacingSeries, src pacingRun) *plot.Plot {
	p := plot.New()
	p.Title.Text = plotTitle(fmt.Sprintf("present-to-present intervals, %s", s.label()), src)
	p.X.Label.Text = "present-to-present (ms)"
	p.Y.Label.Text = "frames"
	if h := intervalHistogram(s.intervals()); h != nil {
		h.FillColor = plotutil.Color(s.Choice.Requested)
		p.Add(h)
	}
	return p
}

// minHistSpan is the narrowest range a histogram spans, so that constant
// intervals show as a narrow bar at their value rather than filling the plot.
const minHistSpan = time.Millisecond

// intervalHistogram bins ds (in ms) into histBins equal bins over their
// range, widened to at least minHistSpan around its middle; nil when ds is
// empty. The counting is pacing.Histogram's.
func intervalHistogram(ds []time.Duration) *plotter.Histogram {
	if len(ds) == 0 {
		return nil
	}
	st := pacing.Summarize(ds)
	lo, hi := st.Min, st.Max+1
	if hi-lo < minHistSpan {
		mid := lo + (hi-lo)/2
		lo, hi = max(mid-minHistSpan/2, 0), mid+minHistSpan/2
	}
	w := max((hi-lo+histBins-1)/histBins, 1)
	edges := make([]time.Duration, histBins+1)
	for i := range edges {
		edges[i] = lo + time.Duration(i)*w
	}
	counts, err := pacing.Histogram(ds, edges)
	if err != nil {
		return nil
	}
	h := &plotter.Histogram{Width: float64(w) / float64(time.Millisecond), LineStyle: plotter.DefaultLineStyle}
	for i := 0; i < histBins; i++ {
		h.Bins = append(h.Bins, plotter.HistogramBin{
			Min: msFloat(edges[i]), Max: msFloat(edges[i+1]), Weight: float64(counts[i+1]),
		})
	}
	return h
}

// msFloat returns d in milliseconds.
func msFloat(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// seriesPlot draws every interval's present-to-present intervals over the
// run's time, one line per interval.
func seriesPlot(series []pacingSeries, src pacingRun) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotTitle("present-to-present intervals over time", src)
	p.X.Label.Text = "present time (s)"
	p.Y.Label.Text = "present-to-present (ms)"
	p.Legend.Top = true
	for _, s := range series {
		xy := make(plotter.XYs, 0, len(s.Samples))
		for i, smp := range s.Samples {
			if d, ok := interval(s.Samples, i); ok {
				xy = append(xy, plotter.XY{X: smp.PresentAt.Seconds(), Y: msFloat(d)})
			}
		}
		if len(xy) == 0 {
			continue
		}
		if _, err := addSeriesLine(p, s, xy); err != nil {
			return nil, fmt.Errorf("plot %s: %w", s.label(), err)
		}
	}
	return p, nil
}

// addSeriesLine adds xy to p as s's line, in the colour and dashes of its
// swap interval, with a legend entry, and returns the line.
func addSeriesLine(p *plot.Plot, s pacingSeries, xy plotter.XYs) (*plotter.Line, error) {
	l, err := plotter.NewLine(xy)
	if err != nil {
		return nil, err
	}
	l.Color = plotutil.Color(s.Choice.Requested)
	l.Dashes = plotutil.Dashes(s.Choice.Requested)
	p.Add(l)
	p.Legend.Add(s.label(), l)
	return l, nil
}

// judderPlot is a grouped bar chart: per interval, the share of refreshes
// that showed 0, 1, 2 or 3+ new updates.
func judderPlot(series []pacingSeries, src pacingRun) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotTitle("judder: new updates shown per refresh (1 is smooth)", src)
	p.X.Label.Text = "new updates in a refresh"
	p.Y.Label.Text = "share of refreshes (%)"
	p.Legend.Top = true
	width := vg.Points(16)
	var shown []pacingSeries
	for _, s := range series {
		if s.Display != nil {
			shown = append(shown, s)
		}
	}
	for i, s := range shown {
		b, err := plotter.NewBarChart(plotter.Values(judderShares(s.Display)), width)
		if err != nil {
			return nil, fmt.Errorf("plot judder of %s: %w", s.label(), err)
		}
		b.Color = plotutil.Color(s.Choice.Requested)
		b.Offset = width * vg.Length(2*i-len(shown)+1) / 2
		p.Add(b)
		p.Legend.Add(s.label(), b)
	}
	p.NominalX(judderLabels...)
	return p, nil
}
