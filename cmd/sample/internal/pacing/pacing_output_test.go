package pacing

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/renderer/present"
)

// TestSim_CSVHeaderAndRowCount: one header, then one row per frame of each
// interval, in interval and frame order; the first frame of an interval has
// no present-to-present interval.
func TestSim_CSVHeaderAndRowCount(t *testing.T) {
	dir := t.TempDir()
	mustRunPacing(t, dir, "-frames", "50", "-refresh", "144")
	b, err := os.ReadFile(filepath.Join(dir, pacingCSVName))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(b), "\n")
	const want = "interval,mode,fellback,frame,present_ns,present_to_present_ns,updates,displayed_ns,latency_ns,torn,dropped"
	if header != want {
		t.Fatalf("header %q, want %q", header, want)
	}
	rows := readPacingCSV(t, dir)
	if len(rows) != 150 {
		t.Fatalf("%d rows, want 3 intervals x 50 frames", len(rows))
	}
	for i, r := range rows {
		if r.interval != i/50 || r.frame != i%50 {
			t.Fatalf("row %d is interval %d frame %d, want %d, %d", i, r.interval, r.frame, i/50, i%50)
		}
		if (r.frame == 0) != (r.p2p == -1) {
			t.Fatalf("row %d (frame %d): present_to_present_ns %d", i, r.frame, r.p2p)
		}
		if r.frame > 0 && r.p2p != r.present-rows[i-1].present {
			t.Fatalf("row %d: present_to_present_ns %d, want %d", i, r.p2p, r.present-rows[i-1].present)
		}
	}
}

// pacingPlots are the plot files of a default -simulate run.
var pacingPlots = []string{
	"pacing-hist-interval0.png", "pacing-hist-interval1.png", "pacing-hist-interval2.png",
	seriesPlotName, judderPlotName, timelinePlotName, overviewPlotName,
}

// checkPNGs fails unless every name in dir decodes as a PNG of a real size.
func checkPNGs(t *testing.T, dir string, names []string) {
	t.Helper()
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 200 || st.Size() < 5000 {
			t.Fatalf("%s: %dx%d pixels, %d bytes: too small for a plot", name, b.Dx(), b.Dy(), st.Size())
		}
	}
}

// TestSim_PlotsArePNGs: each histogram, the time series and the judder
// chart decode as PNG images of a plot's size.
func TestSim_PlotsArePNGs(t *testing.T) {
	dir := t.TempDir()
	mustRunPacing(t, dir, "-frames", "200", "-refresh", "144", "-cost", "uniform:1ms-9ms")
	checkPNGs(t, dir, pacingPlots)
}

// TestSim_DefaultOutputIsTheCurrentDirectory: without -out, the CSV and
// the plots land in the working directory, created by the run.
func TestSim_DefaultOutputIsTheCurrentDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	out, errs, code := runPacingText("-simulate", "-quiet", "-frames", "30")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "into .") {
		t.Errorf("summary does not say where it wrote:\n%s", out)
	}
	if rows := readPacingCSV(t, dir); len(rows) != 90 {
		t.Fatalf("%d rows in ./pacing.csv, want 90", len(rows))
	}
	checkPNGs(t, dir, pacingPlots)
}

// TestSim_BadFlagsExitTwo: every bad flag or value gets one message on
// stderr that names it, exit status 2, and no output files.
func TestSim_BadFlagsExitTwo(t *testing.T) {
	cases := []struct{ args, want string }{
		{"-refresh 0", "-refresh"},
		{"-refresh fast", "-refresh"},
		{"-refresh 10001", "-refresh"},
		{"-refresh 1/2", "-refresh"},
		{"-hz 20000", "-hz"},
		{"-hz NaN", "-hz"},
		{"-hz 0", "-hz"},
		{"-hz -60", "-hz"},
		{"-hz 1", "-hz"},
		{"-intervals 3", "-intervals"},
		{"-intervals 1,1", "-intervals"},
		{"-intervals ,", "-intervals"},
		{"-frames 0", "-frames"},
		{"-frames 5 -duration 1s", "exclude each other"},
		{"-duration -1s", "-duration"},
		{"-duration soon", "-duration"},
		{"-cost -2ms", "-cost"},
		{"-cost uniform:5ms-1ms", "-cost"},
		{"-cost normal:4ms", "-cost"},
		{"-cost gamma:1ms,2ms", "-cost"},
		{"-supported VSYNC", "-supported"},
		{"-images 1", "-images"},
		{"-align middle", "-align"},
		{"-out=", "-out"},
		{"-bogus", "bogus"},
		{"extra", "unexpected argument"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		args := append([]string{"-simulate", "-quiet"}, strings.Fields(c.args)...)
		if c.args != "-out=" {
			args = append([]string{"-out", dir}, args...)
		}
		out, errs, code := runPacingText(args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		if code != 2 || out != "" || !strings.HasPrefix(errs, "sample pacing: ") ||
			!strings.Contains(lines[0], c.want) || len(lines) != 2 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing, one message naming %q and the -h hint",
				c.args, code, out, errs, c.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s: wrote %d files", c.args, len(ents))
		}
	}
}

// TestSim_RealRunRefusesSimulatorFlags: the flags that describe the
// simulated display are bad flags without -simulate (exit 2, no files).
func TestSim_RealRunRefusesSimulatorFlags(t *testing.T) {
	for _, name := range simOnlyFlags {
		dir := t.TempDir()
		out, errs, code := runPacingText("-out", dir, "-"+name, "2")
		if code != 2 || out != "" || !strings.Contains(errs, "-"+name+" describes the simulated display") {
			t.Errorf("-%s without -simulate: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("-%s: wrote %d files", name, len(ents))
		}
	}
}

// TestSim_HelpDocumentsEveryFlag: -h prints every flag and exits 0.
func TestSim_HelpDocumentsEveryFlag(t *testing.T) {
	out, errs, code := runPacingText("-h")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var opt pacingOptions
	var raw pacingFlagText
	newPacingFlagSet(&opt, &raw).VisitAll(func(f *flag.Flag) {
		if !strings.Contains(out, "  -"+f.Name+" ") && !strings.Contains(out, "  -"+f.Name+"\n") {
			t.Errorf("-h does not document -%s", f.Name)
		}
	})
}

// fakeRealRun stands in for the real run on Xvfb: CPU-side samples only,
// no display report, and the no-vblank caveat.
type fakeRealRun struct{}

func (fakeRealRun) Describe() string { return "window on a fake display" }
func (fakeRealRun) Caveat() string   { return noVBlankCaveat }

func (fakeRealRun) Run(swapInterval int, progress func(float64)) (pacingSeries, error) {
	choice, err := present.ChooseMode(swapInterval, present.AllModes)
	s := pacingSeries{Choice: choice, Elapsed: 40 * time.Millisecond, Updates: 4}
	for i := range 4 {
		at := time.Duration(i) * 300 * time.Microsecond
		s.Samples = append(s.Samples, pacingSample{Frame: i, PresentAt: at, Updates: 1})
	}
	progress(1)
	return s, err
}

// TestSim_RealRunShapeAndXvfbCaveat sends a real-run-shaped source through
// the pipeline: the caveat heads the summary and every plot title, fate
// columns stay empty, and no judder chart is made without a display model.
func TestSim_RealRunShapeAndXvfbCaveat(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	if err := pacingPipeline(fakeRealRun{}, []int{1}, dir, &pacingProgress{}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "NOTE: "+noVBlankCaveat) || strings.Contains(out.String(), "judder") {
		t.Errorf("summary:\n%s", out.String())
	}
	for _, r := range readPacingCSV(t, dir) {
		if r.displayed != -1 || r.latency != -1 || r.torn != "" || r.dropped != "" {
			t.Fatalf("frame %d has display fields without a display model: %+v", r.frame, r)
		}
	}
	checkPNGs(t, dir, []string{"pacing-hist-interval1.png", seriesPlotName})
	for _, name := range []string{judderPlotName, timelinePlotName, overviewPlotName} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s written without a display model", name)
		}
	}
	if title := plotTitle("x", fakeRealRun{}); !strings.Contains(title, noVBlankCaveat) {
		t.Errorf("plot title %q lacks the caveat", title)
	}
}

// TestP4_IntervalsMapToPresentModes: each swap interval runs in its P4
// mode; on a surface without IMMEDIATE and FIFO_RELAXED the fallbacks
// (IMMEDIATE -> MAILBOX, FIFO_RELAXED -> FIFO) are marked in the CSV and
// explained under the summary (P6), never silent.
func TestP4_IntervalsMapToPresentModes(t *testing.T) {
	cases := []struct {
		supported string
		modes     [3]string
		fellback  [3]bool
	}{
		{"IMMEDIATE,MAILBOX,FIFO,FIFO_RELAXED", [3]string{"IMMEDIATE", "FIFO", "FIFO_RELAXED"}, [3]bool{}},
		{"MAILBOX,FIFO", [3]string{"MAILBOX", "FIFO", "FIFO"}, [3]bool{true, false, true}},
	}
	for _, c := range cases {
		dir := t.TempDir()
		out := mustRunPacing(t, dir, "-frames", "5", "-supported", c.supported)
		for _, r := range readPacingCSV(t, dir) {
			if r.mode != c.modes[r.interval] || r.fellback != c.fellback[r.interval] {
				t.Fatalf("%s: interval %d ran %s (fell back %t), want %s (%t)",
					c.supported, r.interval, r.mode, r.fellback, c.modes[r.interval], c.fellback[r.interval])
			}
		}
		want := 0
		for _, fb := range c.fellback {
			if fb {
				want++
			}
		}
		if got := strings.Count(out, "fallback: swap interval"); got != want {
			t.Errorf("%s: %d fallback lines, want %d:\n%s", c.supported, got, want, out)
		}
	}
}

// TestSim_UnwritableOutputExitsOne: an -out that cannot be a directory is
// a run failure (exit 1) with a message naming the step, not a crash.
func TestSim_UnwritableOutputExitsOne(t *testing.T) {
	file := filepath.Join(t.TempDir(), "taken")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runPacingText("-simulate", "-quiet", "-frames", "5", "-out", file)
	if code != 1 || out != "" || !strings.Contains(errs, "create output directory") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
