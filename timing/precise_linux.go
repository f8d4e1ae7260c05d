//go:build linux

package timing

import (
	"time"

	"golang.org/x/sys/unix"
)

// sleepUntilPrecise sleeps the calling OS thread for d with
// clock_nanosleep on an absolute CLOCK_MONOTONIC deadline, after lowering
// the thread's timer slack to 1 ns (the default 50 µs slack is added to
// every wake-up). An interrupted sleep resumes toward the same deadline.
func sleepUntilPrecise(d time.Duration) {
	if d <= 0 {
		return
	}
	_ = unix.Prctl(unix.PR_SET_TIMERSLACK, 1, 0, 0, 0) // best effort: the sleep is still right, only later
	var now unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &now); err != nil {
		time.Sleep(d)
		return
	}
	deadline := unix.NsecToTimespec(now.Nano() + int64(d))
	for {
		err := unix.ClockNanosleep(unix.CLOCK_MONOTONIC, unix.TIMER_ABSTIME, &deadline, nil)
		if err != unix.EINTR {
			return
		}
	}
}
