package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/metronome-engine/metronome/engine"
)

// maxScriptKeys bounds the presses of one -input script (and so the
// memory it takes).
const maxScriptKeys = 1_000_000

// scriptedKey is one line of an -input script: key is pressed in the first
// update that runs after frame draws (one update long, so it is one press).
type scriptedKey struct {
	frame int
	key   engine.Key
}

// scriptKeys names the keys a script may press, as written in the file.
var scriptKeys = map[string]engine.Key{
	"0": engine.Key0, "1": engine.Key1, "2": engine.Key2, "F": engine.KeyF, "H": engine.KeyH,
	"+": engine.KeyEqual, "-": engine.KeyMinus, "R": engine.KeyR, "P": engine.KeyP, "L": engine.KeyL,
	"G": engine.KeyG, "ESC": engine.KeyEscape,
}

// readInputScript reads the -input file at path.
func readInputScript(path string) ([]scriptedKey, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseInputScript(f)
}

// parseInputScript reads "FRAME KEY" lines (FRAME a draw count from 0, KEY
// one of 0 1 2 F + - R P L Esc), with blank lines and "#" comments allowed,
// and returns the presses ordered by frame (file order within a frame;
// a key listed twice for one frame is two presses).
func parseInputScript(r io.Reader) ([]scriptedKey, error) {
	var out []scriptedKey
	sc := bufio.NewScanner(r)
	line := 1
	for ; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		k, err := parseScriptLine(fields)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if len(out) == maxScriptKeys {
			return nil, fmt.Errorf("line %d: more than %d presses", line, maxScriptKeys)
		}
		out = append(out, k)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("line %d is longer than %d bytes: a script has short \"FRAME KEY\" lines; is it a text file?", line, bufio.MaxScanTokenSize)
	} else if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b scriptedKey) int { return a.frame - b.frame })
	return out, nil
}

// parseScriptLine reads one line's fields: FRAME KEY.
func parseScriptLine(fields []string) (scriptedKey, error) {
	if len(fields) != 2 {
		return scriptedKey{}, fmt.Errorf("want FRAME KEY, got %q", strings.Join(fields, " "))
	}
	frame, err := strconv.Atoi(fields[0])
	if err != nil || frame < 0 || frame > maxGameFrames {
		return scriptedKey{}, fmt.Errorf("frame %q: want a draw count 0..%d", fields[0], maxGameFrames)
	}
	k, ok := scriptKeys[strings.ToUpper(fields[1])]
	if !ok {
		return scriptedKey{}, fmt.Errorf("key %q: want one of 0 1 2 F + - R P L Esc", fields[1])
	}
	return scriptedKey{frame: frame, key: k}, nil
}

// maxInjected bounds the scripted presses that act in one update; more
// for the same frame wait for the next update.
const maxInjected = 8

// injector feeds a script's presses to the updates without allocating:
// each press is a key event pair, press then release, in script order, so
// two presses of one key in one frame stay two presses.
type injector struct {
	script []scriptedKey
	next   int                                   // the first press not yet injected
	evs    [2 * maxInjected]engine.PlatformEvent // this update's key events
	n      int
}

// advance makes the presses due after draws this update's key events.
func (in *injector) advance(draws int) {
	in.n = 0
	for in.next < len(in.script) && in.script[in.next].frame <= draws && in.n < len(in.evs) {
		k := in.script[in.next].key
		in.evs[in.n] = engine.PlatformEvent{Kind: engine.EventKey, Key: k, Action: engine.Press}
		in.evs[in.n+1] = engine.PlatformEvent{Kind: engine.EventKey, Key: k, Action: engine.Release}
		in.n += 2
		in.next++
	}
}

// events returns this update's key events (valid until the next advance).
func (in *injector) events() []engine.PlatformEvent { return in.evs[:in.n] }
