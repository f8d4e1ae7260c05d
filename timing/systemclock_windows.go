package timing

import (
	"syscall"
	"time"
	"unsafe"
)

// Go's monotonic clock on Windows is the interrupt time, which advances in
// steps of the timer period (up to 15.6 ms on real Windows, about 1 ms under
// Wine); QueryPerformanceCounter moves in steps well under a microsecond
// (rule T26). Both functions are in kernel32 on every Windows Go supports and
// cannot fail there.
var (
	kernel32                      = syscall.NewLazyDLL("kernel32.dll")
	procQueryPerformanceCounter   = kernel32.NewProc("QueryPerformanceCounter")
	procQueryPerformanceFrequency = kernel32.NewProc("QueryPerformanceFrequency")
)

// monotonic is the performance counter read from an origin. When the
// counter cannot be read (freq is 0), it is Go's monotonic clock instead.
type monotonic struct {
	origin   int64 // counter value at the origin
	freq     int64 // counts per second; 0: use fallback
	fallback time.Time
}

func newMonotonic() monotonic {
	m := monotonic{fallback: time.Now()}
	freq, ok := queryCounter(procQueryPerformanceFrequency)
	if !ok || freq <= 0 {
		return m
	}
	origin, ok := queryCounter(procQueryPerformanceCounter)
	if !ok {
		return m
	}
	m.origin, m.freq = origin, freq
	return m
}

func (m monotonic) since() time.Duration {
	if m.freq == 0 {
		return time.Since(m.fallback)
	}
	now, _ := queryCounter(procQueryPerformanceCounter)
	return counterToDuration(now-m.origin, m.freq)
}

// queryCounter calls QueryPerformanceCounter or QueryPerformanceFrequency
// (both take a LARGE_INTEGER* and return a BOOL); ok is false when the
// function is missing or reports failure.
func queryCounter(proc *syscall.LazyProc) (v int64, ok bool) {
	if proc.Find() != nil {
		return 0, false
	}
	r, _, _ := syscall.SyscallN(proc.Addr(), uintptr(unsafe.Pointer(&v)))
	return v, r != 0
}
