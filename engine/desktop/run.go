package desktop

import (
	"fmt"
	"io"
	"time"

	"github.com/metronome-engine/metronome/engine"
)

// Config describes the window and the renderer of a desktop game.
type Config struct {
	// Title is the window's title.
	Title string
	// Width and Height are the window's content size in screen
	// coordinates; zero means engine.DefaultBackBufferWidth x Height. The
	// GraphicsDeviceManager's preferred back-buffer size starts from it.
	Width, Height int
	// Resizable lets the user resize the window (Game.SetAllowUserResizing
	// changes it later).
	Resizable bool
	// Validation turns the Vulkan validation layer on (W3);
	// METRONOME_VALIDATION=1 does too. With it on, each distinct message
	// is printed once as it arrives, a summary counts the repeats at the
	// end, and Run (Game.Run, Close) returns an error if there was any.
	Validation bool
	// ValidationOutput is where validation messages are printed; nil means
	// os.Stderr.
	ValidationOutput io.Writer
	// FramesInFlight is 1 to 3; 0 means the renderer's default (2).
	FramesInFlight int
	// SwapchainBudget bounds the memory of the swapchain's images, as
	// vulkan.Options.SwapchainBudget does: 0 means METRONOME_SWAPCHAIN_BUDGET
	// or 1 GiB, negative no limit. NewPlatform refuses a window size over it
	// before opening the window (vulkan.CheckWindowSize).
	SwapchainBudget int64
	// NoSignalTeardown leaves SIGINT, SIGTERM and SIGHUP (ExitSignals) to
	// the program. By default the platform catches them from before the
	// window opens until it is destroyed and treats them as a closed
	// window: the game ends in order (Exiting, EndRun, UnloadContent, the
	// device, the window) and Run returns nil, so a program stopped by
	// Ctrl-C, timeout or kill exits 0 after its teardown (ExitSignal says
	// which signal it was).
	NoSignalTeardown bool
	// Engine is the game's clock configuration (zero: system clock,
	// default profile).
	Engine engine.Config
	// Audio chooses the game's audio output (A5); the zero value opens
	// the system's audio server.
	Audio AudioOutput
	// AudioPeriod is the output's period; 0: audioout.DefaultPeriod (20 ms).
	AudioPeriod time.Duration
	// ContentDir is the folder Game.Content loads assets from (rule C1);
	// "" means Engine.ContentDir, and when that is empty too the folder
	// Content in the working directory (engine.DefaultContentDir).
	ContentDir string
}

// AudioOutput chooses where a desktop game's audio goes.
type AudioOutput int

const (
	// AudioReal opens the system's audio server (PulseAudio or ALSA on
	// Linux, WASAPI on Windows) through oto, unless Engine.Audio already
	// has an Output or a Sink, or METRONOME_AUDIO=off is set. It opens on
	// its own goroutine, beside the window and Vulkan's start, so it never
	// delays the first frame; without a PulseAudio server, the fallback to
	// ALSA (whose libraries take tens of milliseconds to load) waits for
	// the first frame on screen, at most 2 s. Until it is open
	// Audio().Available() is false, and sounds played meanwhile keep their
	// game-time places and are heard once it runs. Without a server or
	// device the game runs silently: one line says so and
	// Audio().Available() stays false.
	AudioReal AudioOutput = iota
	// AudioOffline keeps Engine.Audio as it is: its Sink (a WAV file) or,
	// without one, silence, rendered in lockstep with game time (A4).
	AudioOffline
)

func (c Config) withDefaults() Config {
	if c.Title == "" {
		c.Title = "metronome"
	}
	if c.Width == 0 {
		c.Width = engine.DefaultBackBufferWidth
	}
	if c.Height == 0 {
		c.Height = engine.DefaultBackBufferHeight
	}
	return c
}

// NewGame opens the window and returns a Game that runs h in it, so the
// caller can change settings (Graphics, TargetElapsedTime, events) before
// Run. The graphics device does not exist yet: Run creates it before h's
// Initialize, where device settings (SetCaptureAtExit, device events)
// belong. If the caller never calls Run, it must call Close to shut the
// window.
// Must be called from the main thread.
func NewGame(h engine.Handler, cfg Config) (*engine.Game, error) {
	opening := startAudio(cfg) // off the critical path: overlaps the window and Vulkan's start
	p, err := NewPlatform(cfg)
	if err != nil {
		opening.abandon()
		return nil, err
	}
	p.firstFrame = opening.launch // the ALSA fallback, if any, opens then
	cfg.Engine.Audio = opening.config(cfg)
	if cfg.ContentDir != "" {
		cfg.Engine.ContentDir = cfg.ContentDir
	}
	g, err := engine.NewGame(h, p, cfg.Engine)
	if err != nil {
		opening.abandon() // the output, once open, is closed (twice is harmless)
		p.Destroy()
		return nil, fmt.Errorf("desktop: %w", err)
	}
	return g, nil
}

// Run opens the window, runs h until it exits or the window closes, and
// tears everything down in order (W4). A handler that needs settings before
// the device is created (XNA sets them in the Game's constructor)
// implements engine.Configurer: Run calls its Configure with the Game
// first. Must be called from the main thread.
func Run(h engine.Handler, cfg Config) error {
	g, err := NewGame(h, cfg)
	if err != nil {
		return err
	}
	return g.Run()
}
