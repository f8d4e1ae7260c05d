//go:build !linux

package audioout

import "time"

// openBackend plays through oto, which cannot reconnect.
func openBackend(rate int, period, timeout time.Duration, pull func([]float32) int) (backend, dialer, error) {
	be, err := openOto(rate, period, timeout, pull)
	return be, nil, err
}
