package desktop

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/window"
)

// ExitSignals are the signals the platform turns into a closed window
// (Config.NoSignalTeardown opts out): SIGINT (Ctrl-C), and SIGTERM and
// SIGHUP, which timeout, kill, systemd, docker and CI cancellation send.
var ExitSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// signalWatch catches ExitSignals from NewPlatform (before the window
// opens) until Destroy; a signal is delivered by the next PollEvents as a
// Close event, so the game ends in order (Exiting, EndRun, UnloadContent,
// device idle and destroyed, window closed) and Run returns nil.
type signalWatch struct {
	sig   chan os.Signal
	done  chan struct{}
	asked atomic.Bool
	got   atomic.Value // the os.Signal caught first
	once  sync.Once
}

// watchSignals starts catching ExitSignals.
func watchSignals() *signalWatch {
	w := &signalWatch{sig: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(w.sig, ExitSignals...)
	go func() {
		for {
			select {
			case s := <-w.sig:
				if w.asked.CompareAndSwap(false, true) {
					w.got.Store(s)
					launchtrace.Mark("signal " + s.String() + ": closing the window")
				}
				window.Wake() // a loop waiting for events (minimized) polls now
			case <-w.done:
				return
			}
		}
	}()
	return w
}

// exitAsked reports whether a signal asked the game to end; nil-safe.
func (w *signalWatch) exitAsked() bool { return w != nil && w.asked.Load() }

// caught returns the signal caught first, nil when none was; nil-safe.
func (w *signalWatch) caught() os.Signal {
	if w == nil {
		return nil
	}
	s, _ := w.got.Load().(os.Signal)
	return s
}

// stop gives the signals their default effect back; nil-safe, once.
func (w *signalWatch) stop() {
	if w == nil {
		return
	}
	w.once.Do(func() {
		signal.Stop(w.sig)
		close(w.done)
	})
}

// ExitSignal returns the signal that ended g (one of ExitSignals, caught by
// its desktop Platform), nil when none did or g does not run on one.
func ExitSignal(g *engine.Game) os.Signal {
	p, ok := g.Platform().(*Platform)
	if !ok {
		return nil
	}
	return p.signals.caught()
}
