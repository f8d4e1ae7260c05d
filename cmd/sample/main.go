// Command sample is the engine's sample program. Without a subcommand it
// runs the sample game:
//
//	sample [-interval 0|1|2] [-variable] [-free-draw] [-hz N] [-size WxH] [-frames N] [-duration D]
//	       [-screenshot PATH] [-validation] [-profile default|xna]
//	       [-frames-in-flight 1..3] [-fixed-dt DURATION] [-input FILE] [-dump-state PATH]
//	       [-hud=false] [-balls=false] [-fog=false] [-post]
//	    opens a window with the lit rotating cube, two balls bouncing on a
//	    fogged floor and the HUD (sample -h for the keys).
//
// Its subcommands:
//
//	sample clock [-variable] [-target TICKS] [-max TICKS] [-profile default|xna] < trace
//	    replays a frame-time trace through the scheduler without a window and
//	    prints what the game would see, one line per callback (rule T23).
//
//	sample pacing [-simulate] [-intervals 0,1,2] [-frames N | -duration D] [-out DIR] ...
//	    the swap-interval experiment: present-to-present intervals per
//	    present mode on a real window (or, with -simulate, against a
//	    simulated display in virtual time), as CSV, PNG plots and a summary.
//
//	sample sprites [-n N] [-frames N] [-size WxH] [-validation]
//	    a sprite stress scene: N textured 16x16 sprites bouncing with vsync
//	    off, in variable step; prints frames/s.
//
// Run `sample SUBCOMMAND -h` for the flags of each. Each program lives in
// its own package under internal/ (game, clocktool, pacing, sprites); main only
// dispatches.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/metronome-engine/metronome/cmd/sample/internal/clocktool"
	"github.com/metronome-engine/metronome/cmd/sample/internal/game"
	"github.com/metronome-engine/metronome/cmd/sample/internal/pacing"
	"github.com/metronome-engine/metronome/cmd/sample/internal/sprites"
	_ "github.com/metronome-engine/metronome/engine/desktop/preload" // the drivers load from process start (W11)
)

// GLFW must be driven from the main OS thread (rule W1).
func init() { runtime.LockOSThread() }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to the program a subcommand names (each in its own
// package under internal/) and returns the process's exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return game.Run(args, stdout, stderr)
	}
	switch args[0] {
	case "clock":
		return clocktool.Run(args[1:], stdin, stdout, stderr)
	case "pacing":
		return pacing.Run(args[1:], stdout, stderr)
	case "sprites":
		return sprites.Run(args[1:], stdout, stderr)
	case "help":
		game.Usage(stdout)
		fmt.Fprintln(stdout)
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "sample: unknown subcommand %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: sample [flags]              run the sample game (sample -h lists its flags and keys)
       sample SUBCOMMAND [flags]

subcommands:
  clock   replay a frame-time trace from stdin through the game clock and
          print every Update and Draw the game would see (sample clock -h)
  pacing  the swap-interval experiment: frame pacing per present mode, CSV and plots (sample pacing -h)
  sprites a sprite stress scene: N textured 16x16 sprites bouncing, vsync off, prints frames/s (sample sprites -h)
`)
}
