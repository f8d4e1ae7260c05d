package pacing

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/metronome-engine/metronome/renderer/present/pacing"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Timeline and overview files (simulated runs only).
const (
	timelinePlotName = "pacing-timeline.png"
	overviewPlotName = "pacing-overview.png"
	// timelineRefreshes is how many refreshes the timeline shows.
	timelineRefreshes = 30
)

// timelinePlot draws, over timelineRefreshes refreshes from the vblank of
// the first frame shown, how many updates the picture on screen shows: a
// staircase that steps when a frame begins to show. Even steps are smooth
// motion; uneven ones are judder; a step between grid lines (the vblanks)
// is a torn present.
func timelinePlot(series []pacingSeries, src pacingRun) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotTitle("updates shown on screen (even steps are smooth motion)", src)
	p.X.Label.Text = "time since the vblank of the first frame shown (ms); grid: vblanks"
	p.Y.Label.Text = "updates shown"
	p.Legend.Top = true
	p.Legend.Left = true
	k0, rate, ok := firstShownRefresh(series)
	if !ok {
		return p, nil
	}
	for _, s := range series {
		if s.Display == nil {
			continue
		}
		start := s.VBlankOrigin + rate.VBlank(k0)
		xy := staircase(s, start, rate.VBlank(k0+timelineRefreshes)-rate.VBlank(k0))
		if len(xy) == 0 {
			continue
		}
		l, err := addSeriesLine(p, s, xy)
		if err != nil {
			return nil, fmt.Errorf("plot timeline of %s: %w", s.label(), err)
		}
		l.Width = vg.Points(1.5)
	}
	p.X.Tick.Marker = vblankTicks(rate, k0, timelineRefreshes)
	p.Add(plotter.NewGrid())
	return p, nil
}

// firstShownRefresh returns the earliest refresh in which any simulated
// series showed a frame, and the display's rate.
func firstShownRefresh(series []pacingSeries) (k int64, rate pacing.Rate, ok bool) {
	for _, s := range series {
		if s.Display == nil {
			continue
		}
		for _, p := range s.Samples {
			if p.Fate && !p.Dropped && (!ok || p.Refresh < k) {
				k, rate, ok = p.Refresh, s.Display.Rate, true
				break
			}
		}
	}
	return k, rate, ok
}

// staircase returns the steps of the updates on screen over [start,
// start+span]: at each frame's display time the count rises to the updates
// presented up to and including that frame (a dropped frame's updates
// arrive with the next shown one).
func staircase(s pacingSeries, start, span time.Duration) plotter.XYs {
	var xy plotter.XYs
	shown, cum := 0, 0
	for _, p := range s.Samples {
		cum += p.Updates
		if !p.Fate || p.Dropped || p.DisplayedAt < start {
			shown = cum
			continue
		}
		t := p.DisplayedAt - start
		if t > span {
			break
		}
		if len(xy) == 0 {
			xy = append(xy, plotter.XY{X: 0, Y: float64(shown)})
		}
		xy = append(xy, plotter.XY{X: msFloat(t), Y: float64(shown)}, plotter.XY{X: msFloat(t), Y: float64(cum)})
		shown = cum
	}
	if len(xy) > 0 {
		xy = append(xy, plotter.XY{X: msFloat(span), Y: float64(shown)})
	}
	return xy
}

// vblankTicks marks the vblanks k0 .. k0+n, relative to vblank k0, and
// labels every sixth. Every tick has a label (blank or not), so the grid
// draws a line at each vblank: gonum's Grid skips unlabelled, minor ticks.
func vblankTicks(rate pacing.Rate, k0 int64, n int) plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for j := range int64(n + 1) {
		v := msFloat(rate.VBlank(k0+j) - rate.VBlank(k0))
		label := " "
		if j%6 == 0 {
			label = strconv.FormatFloat(v, 'f', 1, 64)
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}

// saveOverview writes the timeline above the judder chart into one PNG,
// the figure docs/presentation.md shows (docs/pacing-144hz.png).
func saveOverview(dir string, top, bottom *plot.Plot) (err error) {
	img := vgimg.New(plotWidth, 2*plotHeight)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadY: vg.Millimeter * 6, PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2}
	cs := plot.Align([][]*plot.Plot{{top}, {bottom}}, tiles, dc)
	top.Draw(cs[0][0])
	bottom.Draw(cs[1][0])
	path := filepath.Join(dir, overviewPlotName)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write plot: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("write plot %s: %w", path, cerr)
		}
	}()
	w := bufio.NewWriter(f)
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(w); err != nil {
		return fmt.Errorf("write plot %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write plot %s: %w", path, err)
	}
	return nil
}
