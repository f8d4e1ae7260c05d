package desktop

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

const noDriverChild = "METRONOME_TEST_DESKTOP_NO_DRIVER"

// TestW6_NoDriverIsOneClearError runs a game in a child process whose
// VK_DRIVER_FILES names a missing file: Run returns one error, through the
// engine's device creation, that says what to install and set (the window
// package or the renderer finds the driver missing first, depending on the
// loader).
func TestW6_NoDriverIsOneClearError(t *testing.T) {
	if os.Getenv(noDriverChild) == "1" {
		f := &frameGame{exitAt: 10}
		var err error
		window.Do(func() { err = Run(f, Config{Title: t.Name(), Width: 64, Height: 64}) })
		os.Stdout.WriteString("ERR: " + strings.ReplaceAll(errString(err), "\n", " ") + "\n")
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestW6_NoDriverIsOneClearError$", "-test.count=1")
	cmd.Env = append(os.Environ(), noDriverChild+"=1", vulkan.ValidationEnv+"=0",
		"VK_DRIVER_FILES=/nonexistent/none.json", "VK_ICD_FILENAMES=/nonexistent/none.json")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
	var msg string
	for line := range strings.Lines(string(out)) {
		if m, ok := strings.CutPrefix(line, "ERR: "); ok {
			msg = strings.TrimSpace(m)
		}
	}
	if strings.Contains(msg, "no display") {
		skipIfNoStack(t, errors.Join(window.ErrNoDisplay, errors.New(msg)))
	}
	t.Logf("error: %s", msg)
	for _, want := range []string{"create graphics device", "mesa-vulkan-drivers", "VK_DRIVER_FILES"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
