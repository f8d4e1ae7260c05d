//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package window

import "testing"

// While a window exists the package holds the X display open (W6), and
// ServerVendor reads its vendor string from it; with no window it is "".
func TestW6_ServerVendorWhileAWindowExists(t *testing.T) {
	w := newTestWindow(t, defaultConfig())
	var vendor string
	Do(func() { vendor = ServerVendor() })
	if vendor == "" {
		t.Fatal("ServerVendor is empty while a window exists")
	}
	Do(w.Destroy)
	Do(func() { vendor = ServerVendor() })
	if vendor != "" {
		t.Fatalf("ServerVendor %q after the last window closed, want \"\"", vendor)
	}
}
