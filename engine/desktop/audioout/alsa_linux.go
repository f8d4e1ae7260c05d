package audioout

import (
	"sync"

	"github.com/ebitengine/purego"
)

var quietOnce sync.Once

// quietALSA gives the ALSA library an error handler that prints nothing,
// before oto falls back to it: without a sound card it prints a dozen
// lines of its own to stderr, and A5 asks for one line of ours. The
// handler is the library's process-wide setting (nothing else in the
// process uses ALSA); the process's file descriptors are left alone.
// Without libasound there is nothing to silence.
func quietALSA() {
	quietOnce.Do(func() {
		lib, err := purego.Dlopen("libasound.so.2", purego.RTLD_LAZY|purego.RTLD_GLOBAL)
		if err != nil {
			return
		}
		set, err := purego.Dlsym(lib, "snd_lib_error_set_handler")
		if err != nil {
			return
		}
		// snd_lib_error_handler_t: (file, line, function, err, fmt, ...);
		// the variadic rest is ignored.
		quiet := purego.NewCallback(func(file, line, function, errno, format uintptr) {})
		purego.SyscallN(set, quiet)
	})
}
