// Command probe measures the renderer the way issue 3 asks: frames per
// second with a given swap interval at a given size, the time from process
// start to the first presented frame, Go allocations per steady-state frame
// and RSS over a long run. It prints one "key value" line per figure.
//
//	go run ./renderer/vulkan/internal/probe -frames 10000 -interval 0
//
// The time to the first frame counts from METRONOME_LAUNCH_NS (nanoseconds
// since the Unix epoch, set by the caller just before starting the process,
// e.g. METRONOME_LAUNCH_NS=$(date +%s%N)); without it, from main's start.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/renderer/vulkan"
	"github.com/metronome-engine/metronome/window"
)

func init() { runtime.LockOSThread() }

func main() {
	frames := flag.Int("frames", 1000, "frames to draw after the first")
	interval := flag.Int("interval", 0, "swap interval: 0 IMMEDIATE, 1 FIFO, 2 FIFO_RELAXED")
	width := flag.Int("width", 640, "window width")
	height := flag.Int("height", 480, "window height")
	inFlight := flag.Int("inflight", 2, "frames in flight (1-3)")
	flag.IntVar(&objects, "objects", 0, "balls to draw beside the cube, moved every frame (0 to vulkan.MaxObjects)")
	flag.BoolVar(&halfRate, "half-rate", false, "with -interval 2: true half rate (rule P8), FIFO with each frame presented twice")
	flag.IntVar(&switchEvery, "switch-every", 0, "if > 0, alternate swap interval 0/1 every this many frames (rebuild churn)")
	flag.BoolVar(&sequential, "sequential", false, "start Vulkan after the window (vulkan.New) instead of beside it (vulkan.StartInstance)")
	flag.Parse()
	start := launchTime()
	var err error
	window.Main(func() int {
		window.Do(func() { err = run(start, *frames, *interval, *width, *height, *inFlight) })
		return 0
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
}

func launchTime() time.Time {
	if ns, err := strconv.ParseInt(os.Getenv("METRONOME_LAUNCH_NS"), 10, 64); err == nil {
		return time.Unix(0, ns)
	}
	return time.Now()
}

// switchEvery is the -switch-every flag.
var switchEvery int

// halfRate is the -half-rate flag.
var halfRate bool

// objects is the -objects flag.
var objects int

// sequential is the -sequential flag.
var sequential bool

// surface adapts the window (the probe runs everything on the main thread).
type surface struct{ w *window.Window }

func (s surface) CreateVulkanSurface(i uintptr) (uintptr, error) { return s.w.CreateVulkanSurface(i) }
func (s surface) FramebufferSize() (int, int)                    { return s.w.FramebufferSize() }

func run(start time.Time, frames, interval, w, h, inFlight int) error {
	phase := func(name string) { fmt.Printf("at_%s_ms %.1f\n", name, float64(time.Since(start))/1e6) }
	phase("main")
	var pending *vulkan.PendingInstance
	if !sequential {
		pending = vulkan.StartInstance(vulkan.InstanceOptions{Extensions: window.PlatformInstanceExtensions()})
	}
	win, err := window.New(window.Config{Title: "metronome probe", Width: w, Height: h})
	if err != nil {
		pending.Destroy()
		return err
	}
	defer win.Destroy()
	phase("window")
	exts, err := window.VulkanInstanceExtensions()
	if err != nil {
		pending.Destroy()
		return err
	}
	phase("extensions")
	r, err := vulkan.NewWithInstance(surface{win}, pending, vulkan.Options{
		InstanceExtensions: exts, ProcAddr: window.VulkanProcAddr(),
		SwapInterval: interval, FramesInFlight: inFlight,
	})
	if err != nil {
		return err
	}
	defer r.Destroy()
	if err := r.SetHalfRate(halfRate); err != nil {
		return err
	}
	phase("renderer")
	if _, err := r.DrawFrame(0); err != nil {
		return err
	}
	fmt.Printf("first_frame_ms %.1f\n", float64(time.Since(start))/1e6)
	fmt.Printf("device %q\nmode %v\nhold %d\nvalidation %v\n", r.DeviceName(), r.ModeInUse(), r.Presentation().Refreshes(), r.Validating())
	return measure(r, win, frames)
}

// measure draws frames, timing them, and samples memory at 10% and 100%.
func measure(r *vulkan.Renderer, win *window.Window, frames int) error {
	events := make([]window.Event, 0, 64)
	balls := make([]vulkan.Object, objects)
	var ms0, ms1 runtime.MemStats
	var rss10 int
	t0 := time.Now()
	runtime.ReadMemStats(&ms0)
	p0 := r.Presents()
	for i := 1; i <= frames; i++ {
		events = win.PollEvents(events[:0])
		if switchEvery > 0 && i%switchEvery == 0 {
			if err := r.SetSwapInterval((i / switchEvery) % 2); err != nil {
				return err
			}
		}
		for k := range balls {
			x := float32(k%4)*0.8 - 1.2
			y := float32(k/4)*1.2 - 0.6 + float32(i%60)/100
			balls[k] = vulkan.Object{Position: [3]float32{x, y, 0.6}, Scale: 0.3, Color: [3]float32{0.2, 0.8, 0.3}}
		}
		if err := r.SetObjects(balls); err != nil {
			return err
		}
		if _, err := r.DrawFrame(time.Duration(i) * time.Second / 60); err != nil {
			return err
		}
		if i == frames/10 {
			rss10 = rssKB()
		}
	}
	if err := r.WaitIdle(); err != nil {
		return err
	}
	el := time.Since(t0)
	runtime.ReadMemStats(&ms1)
	if frames == 0 {
		return nil
	}
	fmt.Printf("frames %d\nseconds %.3f\nfps %.0f\n", frames, el.Seconds(), float64(frames)/el.Seconds())
	presents := r.Presents() - p0
	fmt.Printf("presents %d\npresents_per_s %.0f\n", presents, float64(presents)/el.Seconds())
	fmt.Printf("go_allocs_per_frame %.3f\n", float64(ms1.Mallocs-ms0.Mallocs)/float64(frames))
	fmt.Printf("rss_kb_at_10pct %d\nrss_kb_at_end %d\n", rss10, rssKB())
	fmt.Printf("rebuilds %d\nvalidation_messages %d\n", r.Rebuilds(), len(r.Messages()))
	return nil
}

// rssKB reads the resident set size from /proc/self/status (0 if unknown).
func rssKB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}
