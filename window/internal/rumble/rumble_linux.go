//go:build linux

package rumble

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Linux input constants (linux/input-event-codes.h, linux/input.h).
const (
	evFF     = 0x15 // EV_FF
	ffRumble = 0x50 // FF_RUMBLE
)

// ffEffect is struct ff_effect: a 14-byte header, then a union whose
// largest member (ff_periodic_effect) ends in a pointer, so it starts at
// 16 and is 16 + 2 pointers long (48 bytes in all on 64-bit, 40 on
// 32-bit). A rumble effect fills its first four bytes.
type ffEffect struct {
	typ       uint16
	id        int16
	direction uint16
	trigger   [2]uint16 // button, interval
	replay    [2]uint16 // length (0: until stopped), delay
	_         uint16
	u         [(16 + 2*unsafe.Sizeof(uintptr(0))) / unsafe.Sizeof(uintptr(0))]uintptr
}

// rumble returns the union as ff_rumble_effect: strong, weak magnitude.
func (e *ffEffect) rumble() *[2]uint16 { return (*[2]uint16)(unsafe.Pointer(&e.u)) }

// eviocsff is EVIOCSFF, _IOW('E', 0x80, struct ff_effect), in the
// generic ioctl encoding (x86, ARM, RISC-V).
const eviocsff = 1<<30 | uint(unsafe.Sizeof(ffEffect{}))<<16 | 'E'<<8 | 0x80

// inputEvent is struct input_event.
type inputEvent struct {
	time  unix.Timeval
	typ   uint16
	code  uint16
	value int32
}

// device is an open evdev node and its uploaded rumble effect.
type device struct {
	fd int
	id int16 // -1 until an effect is uploaded
}

// Set is the evdev nodes opened for vibration, kept open for the next
// call. The zero value reads /sys/class/input and opens /dev/input.
type Set struct {
	// SysRoot and DevRoot replace /sys/class/input and /dev/input (tests).
	SysRoot, DevRoot string
	open             map[string]*device
}

func (s *Set) roots() (string, string) {
	sys, dev := s.SysRoot, s.DevRoot
	if sys == "" {
		sys = "/sys/class/input"
	}
	if dev == "" {
		dev = "/dev/input"
	}
	return sys, dev
}

// find returns the event node p is, and its sysfs folder: the Nth node,
// in event-number order, whose GUID (worked out from its ids as GLFW does)
// and name match p's.
func (s *Set) find(p Pad) (node, sysDir string, ok bool) {
	sys, dev := s.roots()
	entries, err := os.ReadDir(sys)
	if err != nil {
		return "", "", false
	}
	var nums []int
	for _, e := range entries {
		if n, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "event")); err == nil && strings.HasPrefix(e.Name(), "event") {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	nth := p.Nth
	for _, n := range nums {
		name := "event" + strconv.Itoa(n)
		dir := filepath.Join(sys, name, "device")
		guid, devName, ok := GUIDOf(dir)
		if !ok || !strings.EqualFold(guid, p.GUID) || devName != p.Name {
			continue
		}
		if nth == 0 {
			return filepath.Join(dev, name), dir, true
		}
		nth--
	}
	return "", "", false
}

// GUIDOf returns the GUID GLFW gives the input device whose sysfs folder
// is dir (its id/ files), and the device's name: SDL's format, from the
// bus type, vendor, product and version when the last three are set, else
// from the bus type and the name's first 11 bytes.
func GUIDOf(dir string) (guid, name string, ok bool) {
	read := func(f string) (string, bool) {
		b, err := os.ReadFile(filepath.Join(dir, f))
		return strings.TrimRight(string(b), "\n"), err == nil
	}
	name, ok = read("name")
	if !ok {
		return "", "", false
	}
	var id [4]uint16
	for i, f := range []string{"id/bustype", "id/vendor", "id/product", "id/version"} {
		s, ok := read(f)
		v, err := strconv.ParseUint(s, 16, 16)
		if !ok || err != nil {
			return "", "", false
		}
		id[i] = uint16(v)
	}
	le := func(v uint16) string { return fmt.Sprintf("%02x%02x", v&0xff, v>>8) }
	if id[1] != 0 && id[2] != 0 && id[3] != 0 {
		return le(id[0]) + "0000" + le(id[1]) + "0000" + le(id[2]) + "0000" + le(id[3]) + "0000", name, true
	}
	var nb [11]byte
	copy(nb[:], name)
	return fmt.Sprintf("%s0000%x00", le(id[0]), nb[:]), name, true
}

// hasRumble reports whether the device in sysfs folder dir lists FF_RUMBLE
// in capabilities/ff: hexadecimal words of the kernel's long, most
// significant first.
func hasRumble(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "capabilities", "ff"))
	if err != nil {
		return false
	}
	words := strings.Fields(string(b))
	const bitsPerWord = strconv.IntSize
	i := len(words) - 1 - ffRumble/bitsPerWord
	if i < 0 {
		return false
	}
	w, err := strconv.ParseUint(words[i], 16, bitsPerWord)
	return err == nil && w&(1<<(ffRumble%bitsPerWord)) != 0
}

// CanVibrate reports whether p's evdev node has rumble force feedback.
func (s *Set) CanVibrate(p Pad) bool {
	_, dir, ok := s.find(p)
	return ok && hasRumble(dir)
}

// Vibrate sets p's strong (low-frequency, left) and weak (high-frequency,
// right) motors to low and high (0..1): it uploads one FF_RUMBLE effect
// to the pad's evdev node (updated in place on later calls) and plays it
// until the next call; 0, 0 stops it. False when the pad has no node, no
// rumble, or the node cannot be opened for writing (permissions).
func (s *Set) Vibrate(p Pad, low, high float32) bool {
	node, dir, ok := s.find(p)
	if !ok || !hasRumble(dir) {
		return false
	}
	d := s.open[node]
	if d == nil {
		fd, err := unix.Open(node, unix.O_RDWR|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
		if err != nil {
			return false
		}
		d = &device{fd: fd, id: -1}
		if s.open == nil {
			s.open = map[string]*device{}
		}
		s.open[node] = d
	}
	strong, weak := magnitude(low), magnitude(high)
	if strong == 0 && weak == 0 {
		return d.id < 0 || s.play(node, d, 0)
	}
	e := ffEffect{typ: ffRumble, id: d.id}
	*e.rumble() = [2]uint16{strong, weak}
	if err := ioctl(d.fd, eviocsff, unsafe.Pointer(&e)); err != nil {
		if d.id < 0 {
			s.drop(node)
			return false
		}
		e.id = -1 // the effect is gone (the pad was reset): upload afresh
		if err := ioctl(d.fd, eviocsff, unsafe.Pointer(&e)); err != nil {
			s.drop(node)
			return false
		}
	}
	d.id = e.id
	return s.play(node, d, 1)
}

// play starts (1) or stops (0) d's effect; a node that fails is closed, so
// that a pad plugged in again is opened afresh.
func (s *Set) play(node string, d *device, value int32) bool {
	ev := inputEvent{typ: evFF, code: uint16(d.id), value: value}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&ev)), unsafe.Sizeof(ev))
	if n, err := unix.Write(d.fd, b); err != nil || n != len(b) {
		s.drop(node)
		return false
	}
	return true
}

func (s *Set) drop(node string) {
	if d := s.open[node]; d != nil {
		_ = unix.Close(d.fd)
		delete(s.open, node)
	}
}

// Close stops and closes every node opened (closing an evdev node erases
// the effects it uploaded).
func (s *Set) Close() {
	for node := range s.open {
		s.drop(node)
	}
}

func ioctl(fd int, req uint, arg unsafe.Pointer) error {
	_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(arg))
	if e != 0 {
		return e
	}
	return nil
}
