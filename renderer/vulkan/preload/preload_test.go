//go:build linux && cgo

package preload

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/internal/scanwait"
	"github.com/metronome-engine/metronome/renderer/vulkan"
)

// childEnv marks a run of this test binary started by a test below; the
// child reports what it saw on standard output.
const childEnv = "METRONOME_PRELOAD_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		child()
		return
	}
	os.Exit(m.Run())
}

// child waits for the scan and prints "began=…", "loader=…" and
// "traced", one a line, then exits 0.
func child() {
	loaded, _, _ := Wait()
	<-traced
	maps, _ := os.ReadFile("/proc/self/maps")
	os.Stdout.WriteString("began=" + yes(Began()) + "\nloaded=" + yes(loaded) +
		"\nmapped=" + yes(bytes.Contains(maps, []byte("libvulkan.so.1"))) + "\n")
	os.Exit(0)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// runChild runs this test binary as a child with env added and returns
// its standard output and error.
func runChild(t *testing.T, env ...string) (stdout, stderr string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(append(os.Environ(), childEnv+"=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("child with %q: %v\nstderr:\n%s", env, err, errb.String())
	}
	return out.String(), errb.String()
}

// haveLoader reports whether the system has a Vulkan loader to load.
func haveLoader(t *testing.T) bool {
	t.Helper()
	out, err := exec.Command("/sbin/ldconfig", "-p").Output()
	return err == nil && bytes.Contains(out, []byte("libvulkan.so.1"))
}

// TestW11_PreloadScansTheDriversAtProcessLoad: in a program that imports
// the package the scan began before the Go runtime initialised any
// package (before the launch trace's 0, which is set in a package
// init), it ends, and the loader and a driver library stay loaded for the
// engine's start to find.
func TestW11_PreloadScansTheDriversAtProcessLoad(t *testing.T) {
	if os.Getenv("METRONOME_PRELOAD") == "off" {
		t.Skip("METRONOME_PRELOAD=off in the environment")
	}
	if !Began() {
		t.Fatal("Began() = false: the constructor did not start the scan")
	}
	loaded, began, ended := Wait()
	if !began.Before(launchtrace.Zero()) {
		t.Errorf("the scan began at %v, not before the Go packages' initialisation (%v)", began, launchtrace.Zero())
	}
	if ended.Before(began) {
		t.Errorf("the scan ended at %v, before it began (%v)", ended, began)
	}
	if !haveLoader(t) {
		if loaded {
			t.Error("Wait reports a loader loaded on a system whose ldconfig lists none")
		}
		return
	}
	if !loaded {
		t.Fatal("Wait reports no loader loaded, and ldconfig lists libvulkan.so.1")
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(maps, []byte("libvulkan.so.1")) {
		t.Error("libvulkan.so.1 is not mapped after the scan: the engine's start would load it again")
	}
	if !bytes.Contains(maps, []byte("/libvulkan_")) {
		t.Log("no Mesa driver library (libvulkan_*.so) is mapped: this system's drivers are named otherwise, or it has none")
	}
}

// TestW11_PreloadOffLeavesTheProcessAlone: METRONOME_PRELOAD=off starts
// nothing and loads nothing; Wait returns at once.
func TestW11_PreloadOffLeavesTheProcessAlone(t *testing.T) {
	out, _ := runChild(t, "METRONOME_PRELOAD=off")
	for _, want := range []string{"began=no", "loaded=no", "mapped=no"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("with METRONOME_PRELOAD=off the child said %q, want %q among its lines", out, want)
		}
	}
}

// TestW11_PreloadWithoutADriverEndsQuietly: with no driver to load (a
// driver manifest that does not exist) the scan ends, prints nothing and
// the process goes on; the engine's start is what reports the missing
// driver (W6).
func TestW11_PreloadWithoutADriverEndsQuietly(t *testing.T) {
	if !haveLoader(t) {
		t.Skip("no Vulkan loader (libvulkan.so.1) on this system")
	}
	out, errOut := runChild(t, "VK_DRIVER_FILES=/nonexistent/metronome-no-driver.json",
		"VK_ICD_FILENAMES=/nonexistent/metronome-no-driver.json", "VK_LOADER_DEBUG=")
	if !strings.Contains(out, "began=yes\nloaded=yes\n") {
		t.Errorf("child said %q, want the scan begun and the loader loaded", out)
	}
	if errOut != "" {
		t.Errorf("the scan without a driver printed %q, want nothing", errOut)
	}
}

// TestW11_PreloadLineInTheLaunchTrace: with METRONOME_LAUNCH_TRACE=1 the
// trace says when the scan begun at process load ended, and how long
// before the trace's 0 it began.
func TestW11_PreloadLineInTheLaunchTrace(t *testing.T) {
	_, errOut := runChild(t, launchtrace.Env+"=1")
	if !strings.Contains(errOut, "vulkan: the driver scan begun at process load (") ||
		!strings.Contains(errOut, " ms before 0) ended") {
		t.Errorf("the launch trace was %q, want a line about the driver scan begun at process load", errOut)
	}
}

// TestW11_RendererWaitsForThePreloadScan: the renderer's start waits for
// the scan begun at process load before its own first loader call, so the
// two never call the loader at once.
func TestW11_RendererWaitsForThePreloadScan(t *testing.T) {
	if !Began() {
		t.Skip("the scan did not begin (METRONOME_PRELOAD=off)")
	}
	before := scanwait.Waited()
	p := vulkan.StartInstance(vulkan.InstanceOptions{}) // fails without VK_KHR_surface, after loading the loader
	p.Destroy()
	if scanwait.Waited() == before {
		t.Error("Vulkan's start did not wait for the driver scan begun at process load")
	}
}
