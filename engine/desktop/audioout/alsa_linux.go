package audioout

import (
	"sync"

	"github.com/ebitengine/purego"
)

var quietOnce sync.Once

// quietALSA gives the ALSA library, and the JACK library its plugins may
// load, message handlers that print nothing, before oto falls back to
// ALSA: without a sound card they print a dozen lines of their own to
// stderr, and A5 asks for one line of ours. Each handler is its
// library's process-wide setting (nothing else in the process uses
// them); the process's file descriptors are left alone. A library that
// is not installed has nothing to silence.
func quietALSA() {
	quietOnce.Do(func() {
		// snd_lib_error_handler_t: (file, line, function, err, fmt, ...);
		// the variadic rest is ignored.
		quiet("libasound.so.2", "snd_lib_error_set_handler",
			purego.NewCallback(func(file, line, function, errno, format uintptr) {}))
		// JACK's handlers take the message only.
		jack := purego.NewCallback(func(msg uintptr) {})
		quiet("libjack.so.0", "jack_set_error_function", jack)
		quiet("libjack.so.0", "jack_set_info_function", jack)
	})
}

// quiet calls lib's setter with handler, when lib is installed.
func quiet(lib, setter string, handler uintptr) {
	h, err := purego.Dlopen(lib, purego.RTLD_LAZY|purego.RTLD_GLOBAL)
	if err != nil {
		return
	}
	set, err := purego.Dlsym(h, setter)
	if err != nil {
		return
	}
	purego.SyscallN(set, handler)
}
