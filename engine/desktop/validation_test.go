package desktop

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/timing"
	"github.com/metronome-engine/metronome/window"
)

// TestW3_ValidationReportCountsKinds: the first message of each kind (the
// layer's message id) is printed at once, repeats only in the summary with
// their count, and Report's error gives the totals and the first message.
func TestW3_ValidationReportCountsKinds(t *testing.T) {
	var out bytes.Buffer
	v := validationReport{out: &out}
	a1 := "warning Validation: [ X ] Object 0: handle = 0x1 | MessageID = 0xaa | first"
	a2 := "warning Validation: [ X ] Object 0: handle = 0x2 | MessageID = 0xaa | first"
	b := "error Validation: no id here"
	for _, m := range []string{a1, b, a2, a1} {
		v.add(m)
	}
	if want := "validation: " + a1 + "\nvalidation: " + b + "\n"; out.String() != want {
		t.Errorf("printed as they came:\n%s\nwant:\n%s", out.String(), want)
	}
	p := &Platform{validation: v}
	out.Reset()
	err := p.Report()
	if err == nil || !strings.Contains(err.Error(), "4 message(s) of 2 kind(s)") || !strings.Contains(err.Error(), a1) {
		t.Errorf("Report returned %v", err)
	}
	for _, want := range []string{"validation: 4 message(s) of 2 kind(s)", "    3x " + a1, "    1x " + b} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	if err := p.Report(); err != nil {
		t.Errorf("second Report: %v", err)
	}
	var quiet Platform
	if err := quiet.Report(); err != nil {
		t.Errorf("Report without messages: %v", err)
	}
}

// exitAfter is a game that exits after n draws.
type exitAfter struct{ n, draws int }

func (e *exitAfter) Update(*engine.Game, timing.GameTime) {}
func (e *exitAfter) Draw(g *engine.Game, _ timing.GameTime) {
	if e.draws++; e.draws >= e.n {
		g.Exit()
	}
}

// TestW3_ValidationPrintedAndRunFails: a game run by desktop.Run with the
// validation layer's best-practices checks on (which report on every
// start) gets the messages on stderr as they come, a summary at the end,
// and an error from Run.
func TestW3_ValidationPrintedAndRunFails(t *testing.T) {
	if os.Getenv(childEnv) == "best-practices" {
		var err error
		window.Do(func() { err = Run(&exitAfter{n: 3}, Config{Title: "validation", Width: 160, Height: 120}) })
		report(err)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestW3_ValidationPrintedAndRunFails$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"=best-practices", vulkan.ValidationEnv+"=1",
		"VK_LAYER_ENABLES=VK_VALIDATION_FEATURE_ENABLE_BEST_PRACTICES_EXT")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child failed: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	result := ""
	for line := range strings.Lines(stdout.String()) {
		if m, ok := strings.CutPrefix(line, "RESULT: "); ok {
			result = strings.TrimSpace(m)
		}
	}
	for _, e := range []error{window.ErrNoDisplay, vulkan.ErrNoDriver, vulkan.ErrNoLoader} {
		if strings.Contains(result, e.Error()) {
			t.Skipf("no display or Vulkan driver: %s", result)
		}
	}
	if !strings.Contains(result, "validation layer reported") {
		t.Fatalf("Run returned %q, want the validation error\nstderr:\n%s", result, stderr.String())
	}
	errOut := stderr.String()
	if !strings.Contains(errOut, "validation: ") || !strings.Contains(errOut, "BestPractices") ||
		!strings.Contains(errOut, "message(s) of") {
		t.Errorf("stderr lacks the messages or the summary:\n%s", errOut)
	}
	t.Logf("Run: %.200s", result)
}
