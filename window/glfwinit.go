package window

/*
#include <stddef.h>

extern int glfwGetError(const char** description);

// metronomeTakeGLFWError returns and clears GLFW's last error on this thread
// (0 when there is none), with its description in *desc.
static int metronomeTakeGLFWError(const char** desc) { return glfwGetError(desc); }
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/metronome-engine/metronome/internal/launchtrace"
)

// ErrNoDisplay is wrapped by the error [New] returns when no display can be
// opened (rule W6): DISPLAY (WAYLAND_DISPLAY in the Wayland build) unset,
// naming a server that is not running, or a GLFW that could not start on it.
var ErrNoDisplay = errors.New("no display")

// ErrNotMainThread is wrapped by the error of functions that must run on the
// main OS thread when they are called elsewhere (rule W1).
var ErrNotMainThread = errors.New("not on the main thread")

// glfwUsers counts the live windows; GLFW is initialised while it is above
// zero. Written on the main thread only, read from any thread.
var glfwUsers atomic.Int32

// glfwLife is held for writing while GLFW starts or stops, and for reading
// by calls from other threads (Wake), so they never meet a half-stopped GLFW.
var glfwLife sync.RWMutex

// acquireGLFW starts GLFW for the first window. Main thread only.
func acquireGLFW() error {
	glfwLife.Lock()
	defer glfwLife.Unlock()
	if glfwUsers.Load() == 0 {
		err := initGLFW()
		launchtrace.Mark("window: GLFW initialised")
		markGLFWTried()
		if err != nil {
			return err
		}
	}
	glfwUsers.Add(1)
	return nil
}

// releaseGLFW terminates GLFW when the last window has gone. Main thread only.
func releaseGLFW() {
	glfwLife.Lock()
	defer glfwLife.Unlock()
	if glfwUsers.Add(-1) == 0 {
		glfw.Terminate()
		releaseDisplay()
	}
}

// displayProbe is probeDisplay; a test replaces it to reach the check
// behind it (GLFW started on a dead display).
var displayProbe = probeDisplay

// initGLFW checks the display, then starts GLFW and verifies that it really
// started (go-gl's Init returns nil on a failed start, rule W6).
func initGLFW() error {
	if err := displayProbe(); err != nil {
		return err
	}
	launchtrace.Mark("window: display probed")
	takeGLFWError()
	if err := initRecovered(); err != nil {
		releaseDisplay()
		return fmt.Errorf("initialize GLFW: %w", err)
	}
	_, desc := takeGLFWError()
	if glfwRunning() {
		return nil
	}
	releaseDisplay()
	if desc == "" {
		desc = "no reason given"
	}
	return fmt.Errorf("%w: GLFW could not start%s: %s; %s",
		ErrNoDisplay, onDisplay(), desc, displayAdvice)
}

// initRecovered calls glfw.Init and turns a panic into an error.
func initRecovered() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("glfw.Init panicked: %v", p)
		}
	}()
	return glfw.Init()
}

// glfwRunning reports whether GLFW is initialised: go-gl panics on the next
// call after a failed Init, and this call is made to catch that panic.
func glfwRunning() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

// takeGLFWError returns and clears GLFW's last error on this thread.
func takeGLFWError() (code int, desc string) {
	var d *C.char
	code = int(C.metronomeTakeGLFWError(&d))
	if d != nil {
		desc = C.GoString(d)
	}
	return code, desc
}

// drainGLFWError consumes an error GLFW reported during a call go-gl does not
// check (surface creation, for example): left in go-gl's queue it would make
// the next unrelated go-gl call panic. glfw.Init does nothing while GLFW runs
// and is the go-gl entry that accepts such errors. Main thread only.
func drainGLFWError() {
	defer func() { _ = recover() }()
	_ = glfw.Init()
}
