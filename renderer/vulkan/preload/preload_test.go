//go:build linux && cgo

package preload

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
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
	switch os.Getenv(childEnv) {
	case "1":
		child()
		return
	case "start":
		childStart()
		return
	}
	os.Exit(m.Run())
}

// startWanted are the instance extensions childStart asks Vulkan's start
// for: the window systems' and others a loader may or may not offer, and
// one no loader offers.
var startWanted = []string{"VK_KHR_surface", "VK_KHR_xlib_surface", "VK_KHR_xcb_surface",
	"VK_KHR_wayland_surface", "VK_KHR_get_surface_capabilities2", "VK_EXT_surface_maintenance1",
	"VK_EXT_swapchain_colorspace", "VK_KHR_display", "VK_EXT_metronome_no_such_extension"}

// childStart runs Vulkan's start on startWanted and prints "enabled NAME"
// for each of them the started instance enabled, one a line, sorted as
// startWanted, then exits 0; with METRONOME_PRELOAD_TEST_SETENV set it
// first sets that variable (NAME=VALUE) in its environment.
func childStart() {
	if kv := os.Getenv("METRONOME_PRELOAD_TEST_SETENV"); kv != "" {
		k, v, _ := strings.Cut(kv, "=")
		os.Setenv(k, v)
	}
	p := vulkan.StartInstance(vulkan.InstanceOptions{Extensions: startWanted})
	for _, name := range startWanted {
		if p.HasExtensions([]string{name}) {
			os.Stdout.WriteString("enabled " + name + "\n")
		}
	}
	p.Destroy()
	os.Exit(0)
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
	cmd.Env = append(append(os.Environ(), childEnv+"=1"), env...) // a later childEnv in env wins
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

// TestW11_PreloadListsTheInstanceExtensions: the scan's one loader call
// also lists the instance extensions, and the list is handed out while
// the environment is the one the process loaded with: after a change
// (the loader reads its drivers and layers from it) there is none, and
// once the change is undone there is again.
func TestW11_PreloadListsTheInstanceExtensions(t *testing.T) {
	if !Began() {
		t.Skip("the scan did not begin (METRONOME_PRELOAD=off)")
	}
	if !haveLoader(t) {
		t.Skip("no Vulkan loader (libvulkan.so.1) on this system")
	}
	names, ok := listed()
	if !ok {
		t.Fatal("the scan made no list of instance extensions")
	}
	if !slices.Contains(names, "VK_KHR_surface") {
		t.Errorf("the scan's list %q has no VK_KHR_surface, which every Vulkan loader on Linux offers", names)
	}
	for _, n := range names {
		if !strings.HasPrefix(n, "VK_") {
			t.Errorf("the scan's list has %q, not an extension's name", n)
		}
	}
	if again, ok := scanwait.Extensions(); !ok || !slices.Equal(again, names) {
		t.Errorf("the renderer would get %q (%v), want the scan's list %q", again, ok, names)
	}
	const key = "METRONOME_PRELOAD_TEST_ENV_CHANGE"
	if err := os.Setenv(key, "1"); err != nil {
		t.Fatal(err)
	}
	_, changed := listed()
	if err := os.Unsetenv(key); err != nil {
		t.Fatal(err)
	}
	if changed {
		t.Error("the scan's list was handed out after the environment changed")
	}
	if _, ok := listed(); !ok {
		t.Error("the scan's list was not handed out once the environment was as the process loaded it again")
	}
	// The window package sets XCOMPOSECACHE in its init (not for root):
	// the loader does not read it, and the list still holds.
	old, had := os.LookupEnv("XCOMPOSECACHE")
	if err := os.Setenv("XCOMPOSECACHE", t.TempDir()); err != nil {
		t.Fatal(err)
	}
	_, kept := listed()
	if had {
		os.Setenv("XCOMPOSECACHE", old)
	} else {
		os.Unsetenv("XCOMPOSECACHE")
	}
	if !kept {
		t.Error("the scan's list was dropped when XCOMPOSECACHE changed, which the loader does not read")
	}
}

// TestW11_StartEnablesWhatItWouldListItself: Vulkan's start on the scan's
// list enables exactly the extensions a start that lists them itself
// (METRONOME_PRELOAD=off) enables, and the launch trace says which list
// it used; a start after the environment changed lists again.
func TestW11_StartEnablesWhatItWouldListItself(t *testing.T) {
	if !haveLoader(t) {
		t.Skip("no Vulkan loader (libvulkan.so.1) on this system")
	}
	trace := launchtrace.Env + "=1"
	scanned, scannedTrace := runChild(t, childEnv+"=start", trace)
	own, ownTrace := runChild(t, childEnv+"=start", trace, "METRONOME_PRELOAD=off")
	changed, changedTrace := runChild(t, childEnv+"=start", trace, "METRONOME_PRELOAD_TEST_SETENV=METRONOME_X=1")
	if !strings.Contains(own, "enabled VK_KHR_surface\n") {
		t.Skipf("a start without the scan enabled no VK_KHR_surface (no driver?): %q\n%s", own, ownTrace)
	}
	if scanned != own {
		t.Errorf("the start on the scan's list enabled\n%s\na start that listed itself enabled\n%s", scanned, own)
	}
	if changed != own {
		t.Errorf("the start after an environment change enabled\n%s\na start that listed itself enabled\n%s", changed, own)
	}
	const took, listedLine = "vulkan: instance extensions taken from the driver scan's list", "vulkan: instance extensions listed"
	if !strings.Contains(scannedTrace, took) {
		t.Errorf("with the scan the launch trace has no line %q:\n%s", took, scannedTrace)
	}
	for what, tr := range map[string]string{"without the scan": ownTrace, "after an environment change": changedTrace} {
		if !strings.Contains(tr, listedLine) || strings.Contains(tr, took) {
			t.Errorf("%s the launch trace should say %q, not %q:\n%s", what, listedLine, took, tr)
		}
	}
}
