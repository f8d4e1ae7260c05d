package vulkan

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// fakeSurface is a window that never gets as far as a surface, and reports
// a fixed framebuffer size.
type fakeSurface struct{ w, h int }

func (f fakeSurface) CreateVulkanSurface(uintptr) (uintptr, error) {
	return 0, errors.New("fake surface: no window system")
}
func (f fakeSurface) FramebufferSize() (int, int) { return f.w, f.h }

const noDriverChildEnv = "METRONOME_TEST_NO_DRIVER_CHILD"

// TestW6_NoDriverOneClearError runs New in a child process whose
// VK_DRIVER_FILES and VK_ICD_FILENAMES name a missing file: New must return
// one error wrapping ErrNoDriver that says what to install and what to set.
// It needs the Vulkan loader but no display.
func TestW6_NoDriverOneClearError(t *testing.T) {
	if os.Getenv(noDriverChildEnv) == "1" {
		_, err := New(fakeSurface{64, 64}, Options{InstanceExtensions: []string{"VK_KHR_surface"}})
		reportNoDriver(t, err)
		return
	}
	checkNoDriverChild(t, "TestW6_NoDriverOneClearError", false)
}

// TestW6_NoDriverStartedInstanceOneClearError is TestW6_NoDriverOneClearError
// through StartInstance and NewWithInstance: the same one clear error.
func TestW6_NoDriverStartedInstanceOneClearError(t *testing.T) {
	if os.Getenv(noDriverChildEnv) == "1" {
		p := StartInstance(InstanceOptions{Extensions: []string{"VK_KHR_surface", "VK_KHR_xcb_surface"}})
		_, err := NewWithInstance(fakeSurface{64, 64}, p, Options{InstanceExtensions: []string{"VK_KHR_surface"}})
		p.Destroy()
		reportNoDriver(t, err)
		return
	}
	checkNoDriverChild(t, "TestW6_NoDriverStartedInstanceOneClearError", false)
}

// TestW6_NoDriverWithValidationOneClearError is TestW6_NoDriverOneClearError
// with validation on: vkCreateInstance fails after the message log was
// registered, and the cleanup of that log must not dereference the nil
// instance the failing return left (it once panicked there).
func TestW6_NoDriverWithValidationOneClearError(t *testing.T) {
	if os.Getenv(noDriverChildEnv) == "1" {
		_, err := New(fakeSurface{64, 64}, Options{InstanceExtensions: []string{"VK_KHR_surface"}, Validation: true})
		reportNoDriver(t, err)
		return
	}
	checkNoDriverChild(t, "TestW6_NoDriverWithValidationOneClearError", true)
}

// TestW6_NoDriverWithValidationStartedInstanceOneClearError is the same
// through StartInstance, where the panic happened on the start's goroutine
// and raced the caller's own error and exit.
func TestW6_NoDriverWithValidationStartedInstanceOneClearError(t *testing.T) {
	if os.Getenv(noDriverChildEnv) == "1" {
		p := StartInstance(InstanceOptions{Extensions: []string{"VK_KHR_surface", "VK_KHR_xcb_surface"}, Validation: true})
		_, err := NewWithInstance(fakeSurface{64, 64}, p, Options{InstanceExtensions: []string{"VK_KHR_surface"}})
		p.Destroy()
		reportNoDriver(t, err)
		return
	}
	checkNoDriverChild(t, "TestW6_NoDriverWithValidationStartedInstanceOneClearError", true)
}

// TestW6_StartPanicIsAnError: a panic on StartInstance's goroutine reaches
// NewWithInstance as an error on the caller's goroutine, never as a crash
// of the process from another goroutine.
func TestW6_StartPanicIsAnError(t *testing.T) {
	defer func(f func(InstanceOptions) *started) { startFunc = f }(startFunc)
	startFunc = func(InstanceOptions) *started {
		var in *instance
		_ = in.log // a nil dereference, as the failing newInstance once made
		return nil
	}
	p := StartInstance(InstanceOptions{})
	_, err := NewWithInstance(fakeSurface{64, 64}, p, Options{})
	p.Destroy()
	if !errors.Is(err, errStartPanicked) {
		t.Fatalf("NewWithInstance = %v, want an error wrapping errStartPanicked", err)
	}
	if !strings.Contains(err.Error(), "nil pointer dereference") {
		t.Errorf("error %q does not name the panic", err)
	}
}

// reportNoDriver prints the child's error for checkNoDriverChild and fails
// when it is not the no-driver one.
func reportNoDriver(t *testing.T, err error) {
	if err == nil {
		t.Fatal("New succeeded without a driver")
	}
	os.Stdout.WriteString("ERR: " + err.Error() + "\n")
	if isNoLayer(err) {
		os.Stdout.WriteString("NO-LAYER\n")
		return
	}
	if !errors.Is(err, ErrNoDriver) && !errors.Is(err, ErrNoLoader) {
		t.Fatalf("error does not wrap ErrNoDriver: %v", err)
	}
}

// checkNoDriverChild runs test name in a child without a driver and checks
// the error it printed.
// With validate, the child runs with METRONOME_VALIDATION=1 as well.
func checkNoDriverChild(t *testing.T, name string, validate bool) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.count=1")
	env := ValidationEnv + "=0"
	if validate {
		env = ValidationEnv + "=1"
	}
	cmd.Env = append(os.Environ(), noDriverChildEnv+"=1", env,
		"VK_DRIVER_FILES=/nonexistent/none.json", "VK_ICD_FILENAMES=/nonexistent/none.json")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "NO-LAYER") {
		windowtest.SkipOrFail(t, "no validation layer", errNoValidationLayer)
	}
	var msg string
	for line := range strings.Lines(string(out)) {
		if m, ok := strings.CutPrefix(line, "ERR: "); ok {
			msg = m
		}
	}
	t.Logf("error: %s", msg)
	if strings.Contains(msg, advice.loader+" not found") {
		return // no loader at all: that error is the clear one (ErrNoLoader)
	}
	for _, want := range []string{"VK_DRIVER_FILES", "/nonexistent/none.json", "does not exist", advice.manifest} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
}
