//go:build linux || freebsd || netbsd || openbsd

package window

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"
)

// ReadClock reads the POSIX clock id (the compositor's presentation clock,
// PresentFeedback.Clock) in nanoseconds.
func ReadClock(id int32) (time.Duration, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		return 0, fmt.Errorf("read clock %d: clock_gettime: %w", id, err)
	}
	return time.Duration(ts.Nano()), nil
}
