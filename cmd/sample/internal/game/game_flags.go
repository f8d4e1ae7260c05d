package game

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// Bounds of the game's flags.
const (
	// maxGameSide bounds -size (a window side in screen coordinates).
	maxGameSide = 16384
	// maxGameFrames bounds -frames.
	maxGameFrames = 100_000_000
)

// errGameHelp is parseGameFlags' answer to -h.
var errGameHelp = errors.New("help requested")

// gameOptions are the flags of the sample game, parsed and checked.
type gameOptions struct {
	interval       int  // swap interval 0, 1 or 2 (rule P3)
	halfRate       bool // true half rate at interval 2 (rule P8)
	variable       bool
	freeDraw       bool // -free-draw: draw once per presented frame (timing.DrawFreeRunning)
	hz             float64
	target         timing.TimeSpan // 1/hz, rounded to 100 ns (T1)
	width, height  int
	frames         int           // 0: no limit
	duration       time.Duration // 0: no limit
	screenshot     string
	validation     bool
	profile        timing.Profile
	framesInFlight int
	fixedDt        time.Duration // 0: the system clock
	input          []scriptedKey // -input's presses, by frame
	dumpState      string        // -dump-state path; "" for none
	hud            bool          // draw the HUD over the scene
	balls          bool          // draw the balls (they move either way)
	model          string        // -model: a glTF file drawn in the cube's place
	anim           animOptions   // -anim, -anim-time: the model's clip (game_model.go)
	fog            bool          // linear fog on the scene (game_floor.go)
	post           bool          // start with the post-process on (key G, game_post.go)
	audio          audioOptions  // -sounds, -play, -audio-out, -beat, -audio-period (game_audio.go)
	watch          bool          // -watch: hot reload of -model through Game.Content (rule C3)
}

// gameFlagText holds the raw flag values checked after parsing.
type gameFlagText struct {
	size, duration, profile, fixedDt, input string
	animTime                                string // -anim-time (game_model.go)
}

func newGameFlagSet(opt *gameOptions, raw *gameFlagText) *flag.FlagSet {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&opt.interval, "interval", 1, "swap interval at start: 0 (IMMEDIATE), 1 (FIFO, vsync) or 2 (FIFO_RELAXED); set by a PreparingDeviceSettings handler")
	fs.BoolVar(&opt.halfRate, "half-rate", false, "ask for true half rate with interval 2: FIFO, each frame presented twice, so it stays up for two refreshes (key H toggles)")
	fs.BoolVar(&opt.variable, "variable", false, "start in variable step instead of fixed step: one update per frame with the measured time (key F toggles)")
	fs.BoolVar(&opt.freeDraw, "free-draw", false, "in fixed step, draw once per presented frame instead of once per update: updates stay at -hz, draws follow the display (144 a second on a 144 Hz display with vsync), each drawn at the interpolation alpha")
	fs.Float64Var(&opt.hz, "hz", 60, "fixed-step update rate in Hz, 2..10000 (TargetElapsedTime = 1/hz s rounded to 100 ns; keys +/- change it)")
	fs.StringVar(&raw.size, "size", "960x540", "window content size WxH in screen coordinates, each 1.."+strconv.Itoa(maxGameSide)+", within the swapchain memory budget (METRONOME_SWAPCHAIN_BUDGET, default 1GiB)")
	fs.IntVar(&opt.frames, "frames", 0, "quit after this many draws (0: no limit)")
	fs.StringVar(&raw.duration, "duration", "", "quit after this much wall time, a Go duration such as 5s (default: no limit)")
	fs.StringVar(&opt.screenshot, "screenshot", "", "write a PNG of the last frame to this path at exit")
	fs.BoolVar(&opt.validation, "validation", false, "turn the Vulkan validation layer on and fail (exit 1) if it reports anything")
	fs.StringVar(&raw.profile, "profile", "default", "clock semantics: default, or xna for XNA 4.0's own game loop, quirks included")
	fs.IntVar(&opt.framesInFlight, "frames-in-flight", 2, "frames the CPU may record ahead of the GPU, 1..3")
	fs.StringVar(&raw.fixedDt, "fixed-dt", "", "run on a virtual clock that moves by this duration per tick (e.g. 16.6667ms), for reproducible runs; refused when the run would overflow the virtual clock (about 292 years): the message names the longest dt for the run")
	fs.StringVar(&raw.input, "input", "", "scripted key presses from `FILE`: one FRAME KEY pair a line (press KEY in the first update after FRAME draws; KEY one of 0 1 2 F H G + - R P L Esc; lines of one frame act in file order, a key listed twice is pressed twice), # comments")
	fs.StringVar(&opt.dumpState, "dump-state", "", "write the simulation state and clock values to `PATH` at exit; with -fixed-dt and -input two runs give identical files")
	fs.BoolVar(&opt.balls, "balls", true, "draw the two balls (they bounce either way); -balls=false -hud=false leaves one lit cube, the content vkcube draws, for scripts/bench/compare.sh")
	fs.BoolVar(&opt.hud, "hud", true, "draw the HUD (SpriteBatch + SpriteFont text over the scene) with the status the title shows; under -fixed-dt its figures come from the virtual clock, so screenshots stay reproducible")
	fs.StringVar(&opt.model, "model", "", "draw the glTF 2.0 model in `FILE` (.gltf with its files beside it, or .glb) in place of the cube, turning, framed by its bounding sphere; a file it refuses is a one-line error at start")
	addAnimFlags(fs, opt, raw) // -anim, -anim-time: game_model.go
	fs.BoolVar(&opt.fog, "fog", true, "BasicEffect's linear fog on the scene: from 4 to 9 units in front of the camera everything fades into the clear colour, so the floor under the balls melts into the background (a -model is drawn without it)")
	fs.BoolVar(&opt.post, "post", false, "start with the post-process on (key G toggles it): the frame is drawn into a render target and shown through a custom sprite effect, grayscale with a vignette")
	fs.BoolVar(&opt.watch, "watch", false, "hot reload: load -model through Game.Content from its folder and reload it at the start of the next Update whenever its files are saved; a file that fails to load keeps the old model and prints one line")
	addAudioFlags(fs, &opt.audio)
	return fs
}

// parseGameFlags parses and checks the game's flags; -h returns errGameHelp.
func parseGameFlags(args []string) (gameOptions, error) {
	var opt gameOptions
	var raw gameFlagText
	fs := newGameFlagSet(&opt, &raw)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return opt, errGameHelp
		}
		return opt, err
	}
	if fs.NArg() > 0 {
		return opt, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return opt, checkGameFlags(&opt, raw)
}

// checkGameFlags fills the parsed fields of opt from raw and checks them.
func checkGameFlags(opt *gameOptions, raw gameFlagText) error {
	var err error
	if opt.interval < 0 || opt.interval > 2 {
		return fmt.Errorf("-interval %d: want 0, 1 or 2", opt.interval)
	}
	if opt.target, err = timing.TargetForRate(opt.hz); err != nil {
		return fmt.Errorf("-hz %v: %w", opt.hz, err)
	}
	if opt.width, opt.height, err = parseSize(raw.size); err != nil {
		return fmt.Errorf("-size %q: %w", raw.size, err)
	}
	if err := checkSizeBudget(opt.width, opt.height); err != nil {
		return fmt.Errorf("-size %q: %w", raw.size, err)
	}
	if opt.frames < 0 || opt.frames > maxGameFrames {
		return fmt.Errorf("-frames %d: want 0 (no limit) to %d", opt.frames, maxGameFrames)
	}
	if opt.duration, err = parsePositiveDuration("-duration", raw.duration, maxGoDuration); err != nil {
		return err
	}
	if opt.profile, err = timing.ParseProfile(raw.profile); err != nil {
		return fmt.Errorf("-profile %q: want default or xna", raw.profile)
	}
	if opt.framesInFlight < 1 || opt.framesInFlight > 3 {
		return fmt.Errorf("-frames-in-flight %d: want 1, 2 or 3", opt.framesInFlight)
	}
	if err := checkOutputPath("-dump-state", opt.dumpState); err != nil {
		return err
	}
	if err := checkOutputPath("-screenshot", opt.screenshot); err != nil {
		return err
	}
	if opt.model != "" {
		if err := graphics.CheckModelFile(opt.model); err != nil {
			return fmt.Errorf("-model: %w", err)
		}
	}
	if err := checkAnimFlags(opt, raw); err != nil { // game_model.go
		return err
	}
	if raw.input != "" {
		if opt.input, err = readInputScript(raw.input); err != nil {
			return fmt.Errorf("-input %s: %w", raw.input, err)
		}
	}
	if err := opt.audio.check(); err != nil {
		return err
	}
	return checkFixedDt(opt, raw.fixedDt)
}

// checkFixedDt parses -fixed-dt and refuses a dt whose run would overflow
// the virtual clock (time.Duration, about 292 years): the longest dt
// accepted depends on -frames and on the script's loads (maxFixedDt).
func checkFixedDt(opt *gameOptions, text string) error {
	loads := 0
	for _, k := range opt.input {
		if k.key == engine.KeyL {
			loads++
		}
	}
	limit := maxFixedDt(opt.frames, loads)
	d, err := parsePositiveDuration("-fixed-dt", text, limit)
	if err != nil {
		return err
	}
	if d > limit {
		run := fmt.Sprintf("-frames %d", opt.frames)
		if opt.frames == 0 {
			run = fmt.Sprintf("a run without -frames (up to %d frames)", maxGameFrames)
		}
		return fmt.Errorf("-fixed-dt %q: the virtual clock would overflow (it holds %v); the largest dt accepted for %s is %v",
			text, maxGoDuration, run, limit)
	}
	opt.fixedDt = d
	return nil
}

// Bounds of the virtual time one drawn frame takes on -fixed-dt's clock:
// at most fixedDtStepsPerFrame steps (the tick's own, an inactive or idle
// sleep, an extra present or a wait's last step) plus fixedDtWaitPerFrame
// of waiting for a fixed step (the longest target is 0.5 s, at 2 Hz).
const (
	fixedDtStepsPerFrame = 4
	fixedDtWaitPerFrame  = time.Second
)

// maxGoDuration is the longest Go duration (about 292 years).
const maxGoDuration = time.Duration(math.MaxInt64)

// maxFixedDt returns the longest -fixed-dt whose run of frames draws (0:
// no limit, counted as maxGameFrames) and loads L presses (each waits up to
// loadTime plus one dt) keeps the virtual clock within maxGoDuration,
// rounded down to a millisecond above one second.
func maxFixedDt(frames, loads int) time.Duration {
	if frames <= 0 {
		frames = maxGameFrames
	}
	frames++ // the tick that exits
	budget := maxGoDuration - time.Duration(frames)*fixedDtWaitPerFrame - time.Duration(loads)*loadTime
	d := budget / time.Duration(fixedDtStepsPerFrame*frames+loads)
	if d > time.Second {
		d = d.Truncate(time.Millisecond)
	}
	return d
}

// parseSize reads "WxH" with both sides in 1..maxGameSide.
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, errors.New("want WIDTHxHEIGHT, for example 960x540")
	}
	if w, err = strconv.Atoi(ws); err != nil || w < 1 || w > maxGameSide {
		return 0, 0, fmt.Errorf("width %q: want a whole number 1..%d", ws, maxGameSide)
	}
	if h, err = strconv.Atoi(hs); err != nil || h < 1 || h > maxGameSide {
		return 0, 0, fmt.Errorf("height %q: want a whole number 1..%d", hs, maxGameSide)
	}
	return w, h, nil
}

// checkOutputPath checks at start that the file an output flag names can
// be written at exit: its directory exists and the file can be created or
// opened for writing. A file it had to create is removed again; an
// existing one is not changed. "" (no output) passes.
func checkOutputPath(name, path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %q: is a directory; want a file path", name, path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s %q: directory %q does not exist (create it first)", name, path, dir)
	} else if err != nil {
		return fmt.Errorf("%s %q: directory %q: %w", name, path, dir, pathCause(err))
	} else if !fi.IsDir() {
		return fmt.Errorf("%s %q: %q is not a directory", name, path, dir)
	}
	_, statErr := os.Lstat(path)
	existed := statErr == nil
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("%s %q: cannot be written: %w", name, path, pathCause(err))
	}
	err = f.Close()
	if !existed {
		err = errors.Join(err, os.Remove(path))
	}
	if err != nil {
		return fmt.Errorf("%s %q: %w", name, path, err)
	}
	return nil
}

// pathCause is the cause of a file operation's error without the path the
// message already names.
func pathCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// parsePositiveDuration reads an optional Go duration: "" is 0, anything
// else must be positive. A duration too long for Go's parser is reported as
// an overflow naming max, the largest value the flag accepts.
func parsePositiveDuration(name, s string, max time.Duration) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil && durationSyntax.MatchString(s) && !strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("%s %q: overflows a Go duration; the largest accepted is %v", name, s, max)
	}
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s %q: want a positive Go duration such as 5s or 16.6667ms", name, s)
	}
	return d, nil
}

// durationSyntax matches what time.ParseDuration reads, whatever the size:
// what it matches and ParseDuration refuses has overflowed.
var durationSyntax = regexp.MustCompile(`^[-+]?((\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$`)

// presentInterval maps a swap interval (0, 1, 2) to the PresentInterval
// that asks for it (rule P3).
func presentInterval(swap int) present.PresentInterval {
	switch swap {
	case 0:
		return present.IntervalImmediate
	case 2:
		return present.IntervalTwo
	}
	return present.IntervalOne
}

// engineConfig returns the clock configuration of the flags: a FixedDt as
// Source and Waiter with -fixed-dt (T21), the system clock otherwise. The
// Source is always set, so the game's GameClock reads the engine's clock.
func (o gameOptions) engineConfig() (engine.Config, error) {
	cfg := engine.Config{Profile: o.profile}
	if o.fixedDt == 0 {
		c := timing.NewSystemClock()
		cfg.Source, cfg.Waiter = c, c
		return cfg, nil
	}
	f, err := timing.NewFixedDt(o.fixedDt)
	if err != nil {
		return cfg, fmt.Errorf("-fixed-dt: %w", err)
	}
	cfg.Source, cfg.Waiter = f, f
	return cfg, nil
}

// Usage writes the sample game's help: what it shows, its keys and flags.
func Usage(w io.Writer) {
	fmt.Fprint(w, `usage: sample [flags]

Opens a window with the lit rotating cube and two balls that fall and
bounce under gravity on a floor that fades into the fog (-fog), simulated
on the fixed step. The left (blue) ball
is drawn at the Draw's interpolation alpha (previous + (latest -
previous) x Alpha), the right (green) one at its latest state.
The left one absorbs the uneven time each tick leaves over and trails by
up to one step; in fixed step draws never outnumber updates (unless
-free-draw lets the draws follow the display), so the two part most in
variable step (-variable, F) or while running slowly. The
cube turns with a game clock that pausing saves and
locks and resuming restores, so it goes on where it stopped.
The HUD in the top left corner (-hud=false hides it) and the title show
draws/s, updates/s, the requested swap interval, the
present mode in use ("half rate" while each frame is held for two
refreshes, "fallback" when the surface lacked the interval's mode),
"slow in the last second" (held for a second after a tick that ran
slowly, ran more than one update or dropped time, so a lone spike shows),
the time the 500 ms clamp dropped, fixed or variable step, the target
rate ("free-running draws" under -free-draw), "paused", and "inactive" while the game sleeps unfocused or
minimized, about twice a second of the engine's clock (the virtual one
under -fixed-dt, so a replay's HUD is the same). Draws/s counts frames
actually drawn (none while minimized). The HUD also shows
IsRunningSlowly as it is at each draw. Under -fixed-dt the HUD leaves
out "inactive" and an unfocused game does not sleep: focus comes from
the display, and a replay's frames must not depend on it.

keys:
  0 1 2   swap interval (PreparingDeviceSettings + ApplyChanges: a live swapchain rebuild)
  H       toggle true half rate for interval 2 (FIFO, each frame presented twice)
  F       toggle fixed/variable step
  + -     raise/lower the target update rate
  R       ResetElapsedTime
  G       toggle the post-process: the frame goes through a render target and a
          custom sprite effect (grayscale with a vignette) on its way to the screen
  P       pause/resume: the balls stop, the cube's game clock is saved and locked
  L       a 300 ms blocking load inside Update (a catch-up burst, running slowly)
  M       mute/unmute the click, the bounces and the music
  N       the -model's next animation, cross-faded over 0.3 s
  D       toggle the display-locked step (step boundaries on the measured
          refresh; needs presentation feedback, the Wayland build; default profile only)
  right mouse button
          capture the mouse for the free-look camera (it orbits a -model);
          Esc or the right button again gives it back
  Esc     quit (closing the window, SIGINT, SIGTERM or SIGHUP quit too, each
          with the same orderly teardown: -dump-state and -screenshot are written)

A deterministic replay: two runs of
  sample -fixed-dt 16.6667ms -frames 600 -input script -dump-state out
write identical dumps (script lines: "120 F", "300 0", "400 P", "500 H", "# comment").

The -dump-state and -screenshot paths are checked at start (their
directory must exist and the file be writable), so a long run is not
lost at exit. A script that signals the game can set
METRONOME_SAMPLE_READY=PATH: the game creates PATH once its first frame
was drawn.

exit status: 0 done, 1 the platform failed (no display, no Vulkan driver,
a validation message, a screenshot error), 2 bad flags or an output
path that cannot be written, 3 the X server closed the connection
(-dump-state is written from the state so far).

flags:
`)
	var opt gameOptions
	var raw gameFlagText
	fs := newGameFlagSet(&opt, &raw)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintln(w)
	fmt.Fprintln(w, "sample help lists the other programs (clock, pacing, ...).")
}
