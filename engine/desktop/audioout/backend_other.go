//go:build !linux

package audioout

import "time"

// openBackend plays through oto, which cannot reconnect. It has no
// fallback, so before (Options.BeforeFallback) is never called.
func openBackend(rate int, period, timeout time.Duration, pull func([]float32) int, _ func() error) (backend, dialer, error) {
	be, err := openOto(rate, period, timeout, pull)
	return be, nil, err
}
