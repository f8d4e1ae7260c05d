//go:build !(linux || freebsd || netbsd || openbsd)

package window

import (
	"fmt"
	"time"
)

// ReadClock reads the POSIX clock id; here there is none to read: it
// returns an error wrapping ErrNotMeasured.
func ReadClock(id int32) (time.Duration, error) {
	return 0, fmt.Errorf("read clock %d: %w", id, ErrNotMeasured)
}
