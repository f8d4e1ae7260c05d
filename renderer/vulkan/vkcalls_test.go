package vulkan

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// loadOrSkip loads the system's Vulkan loader, and skips the test (or
// fails it where a loader is required) when there is none.
func loadOrSkip(t *testing.T) {
	t.Helper()
	if _, err := loadVulkan(nil); err != nil {
		if errors.Is(err, ErrNoLoader) {
			windowtest.SkipOrFail(t, "no Vulkan loader", err)
		}
		t.Fatal(err)
	}
}

// TestW13_ListingsSurviveGarbageCollection lists the instance extensions
// and layers over and over while another goroutine collects garbage
// without pause. Through vulkan-go's slice bindings a collection during
// the call freed the array the loader was filling, and the loader's
// writes into freed memory corrupted the C heap: the process aborted
// ("free(): corrupted unsorted chunks") within a second. Every name must
// come back whole.
func TestW13_ListingsSurviveGarbageCollection(t *testing.T) {
	loadOrSkip(t)
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !stop.Load() {
			runtime.GC()
		}
	}()
	defer func() { stop.Store(true); wg.Wait() }()
	const rounds = 1500
	for i := range rounds {
		exts, res := instanceExtensions()
		if err := callErr("list", "vkEnumerateInstanceExtensionProperties", res); err != nil {
			t.Fatal(err)
		}
		if len(exts) == 0 {
			t.Fatalf("round %d: no instance extension listed", i)
		}
		for _, e := range exts {
			if !strings.HasPrefix(e, "VK_") {
				t.Fatalf("round %d: instance extension %q", i, e)
			}
		}
		if i%30 != 0 {
			continue
		}
		layers, res := instanceLayers()
		if err := callErr("list", "vkEnumerateInstanceLayerProperties", res); err != nil {
			t.Fatal(err)
		}
		for _, l := range layers {
			if !strings.HasPrefix(l, "VK_LAYER_") {
				t.Fatalf("round %d: layer %q", i, l)
			}
		}
	}
}
