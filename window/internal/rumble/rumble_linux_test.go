//go:build linux

package rumble

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// fakeNode writes a sysfs folder for input device eventN under sys.
func fakeNode(t *testing.T, sys string, n int, name, bus, vendor, product, version, ff string) {
	t.Helper()
	dir := filepath.Join(sys, "event"+strconv.Itoa(n), "device")
	for f, v := range map[string]string{
		"name": name, "id/bustype": bus, "id/vendor": vendor, "id/product": product, "id/version": version,
		"capabilities/ff": ff,
	} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestI6_EvdevNodeFoundAsGLFWNamesIt: the GUID is worked out as GLFW
// does (an Xbox 360 pad: bus 0003, vendor 045e, product 028e, version
// 0114 -> 030000005e0400008e02000014010000; without ids, from the name),
// identical pads are told apart by Nth, and FF_RUMBLE (bit 80) is read
// from capabilities/ff.
func TestI6_EvdevNodeFoundAsGLFWNamesIt(t *testing.T) {
	sys := t.TempDir()
	const pad = "Microsoft X-Box 360 pad"
	fakeNode(t, sys, 3, "AT keyboard", "0011", "0001", "0001", "ab41", "0")
	fakeNode(t, sys, 12, pad, "0003", "045e", "028e", "0114", "107030000 0") // bit 80: word 1 (from the right), bit 16
	fakeNode(t, sys, 7, pad, "0003", "045e", "028e", "0114", "0")
	fakeNode(t, sys, 9, "Cheap pad", "0003", "0000", "0000", "0000", "0")
	s := &Set{SysRoot: sys, DevRoot: "/dev/null-input"}

	guid, name, ok := GUIDOf(filepath.Join(sys, "event12", "device"))
	if want := "030000005e0400008e02000014010000"; !ok || guid != want || name != pad {
		t.Fatalf("GUIDOf = %q, %q, %v; want %q, %q", guid, name, ok, want, pad)
	}
	guid2, _, _ := GUIDOf(filepath.Join(sys, "event9", "device"))
	// bus 0003, then "Cheap pad" (43 68 65 61 70 20 70 61 64) padded with
	// zero bytes to 11, then 00.
	if want := "03000000436865617020706164000000"; guid2 != want {
		t.Errorf("name-based GUID %q, want %q", guid2, want)
	}
	for nth, want := range []string{"/dev/null-input/event7", "/dev/null-input/event12"} {
		node, _, ok := s.find(Pad{GUID: strings.ToUpper(guid), Name: pad, Nth: nth})
		if !ok || node != want {
			t.Errorf("pad %d: node %q, %v; want %q", nth, node, ok, want)
		}
	}
	if _, _, ok := s.find(Pad{GUID: guid, Name: pad, Nth: 2}); ok {
		t.Error("a third identical pad was found")
	}
	if !s.CanVibrate(Pad{GUID: guid, Name: pad, Nth: 1}) || s.CanVibrate(Pad{GUID: guid, Name: pad}) {
		t.Error("FF_RUMBLE misread from capabilities/ff")
	}
	// No node, or a node that cannot be opened: false, never a panic.
	if s.Vibrate(Pad{GUID: "00", Name: "none"}, 1, 1) || s.Vibrate(Pad{GUID: guid, Name: pad, Nth: 1}, 1, 1) {
		t.Error("Vibrate reported true without a device")
	}
	s.Close()
}

// TestI6_FFEffectLayout: struct ff_effect and struct input_event have the
// kernel's sizes, so EVIOCSFF is the kernel's number.
func TestI6_FFEffectLayout(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skip("sizes pinned for 64-bit x86 and ARM")
	}
	if n := unsafe.Sizeof(ffEffect{}); n != 48 {
		t.Errorf("ff_effect is %d bytes, want 48", n)
	}
	if n := unsafe.Offsetof(ffEffect{}.u); n != 16 {
		t.Errorf("ff_effect's union at %d, want 16", n)
	}
	if n := unsafe.Sizeof(inputEvent{}); n != 24 {
		t.Errorf("input_event is %d bytes, want 24", n)
	}
	if eviocsff != 0x40304580 {
		t.Errorf("EVIOCSFF = %#x, want 0x40304580", eviocsff)
	}
	if magnitude(0.5) != 32768 || magnitude(2) != 0xFFFF || magnitude(-1) != 0 {
		t.Error("magnitude does not map 0..1 to 0..65535")
	}
}
