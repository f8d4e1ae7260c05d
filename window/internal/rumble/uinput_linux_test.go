//go:build linux

package rumble

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// uinput's ioctls and structures (linux/uinput.h), generic encoding.
const (
	uiSetEvBit      = 0x40045564 // _IOW('U', 100, int)
	uiSetKeyBit     = 0x40045565 // _IOW('U', 101, int)
	uiSetFFBit      = 0x4004556b // _IOW('U', 107, int)
	uiDevCreate     = 0x5501     // _IO('U', 1)
	uiDevDestroy    = 0x5502     // _IO('U', 2)
	evUinput        = 0x0101
	uiFFUpload      = 1
	uiFFErase       = 2
	btnSouth        = 0x130
	uinputNameBytes = 80
)

type uinputSetup struct {
	id           [4]uint16 // bustype, vendor, product, version
	name         [uinputNameBytes]byte
	ffEffectsMax uint32
}

type uinputFFUpload struct {
	requestID uint32
	retval    int32
	effect    ffEffect
	old       ffEffect
}

type uinputFFErase struct {
	requestID uint32
	retval    int32
	effectID  uint32
}

func iow(nr, size uintptr) uint  { return uint(1<<30 | size<<16 | 'U'<<8 | nr) }
func iowr(nr, size uintptr) uint { return uint(3<<30 | size<<16 | 'U'<<8 | nr) }
func uiDevSetup() uint           { return iow(3, unsafe.Sizeof(uinputSetup{})) }
func uiBeginFFUpload() uint      { return iowr(200, unsafe.Sizeof(uinputFFUpload{})) }
func uiEndFFUpload() uint        { return iow(201, unsafe.Sizeof(uinputFFUpload{})) }
func uiBeginFFErase() uint       { return iowr(202, unsafe.Sizeof(uinputFFErase{})) }
func uiEndFFErase() uint         { return iow(203, unsafe.Sizeof(uinputFFErase{})) }

// virtualPad is a rumble-capable gamepad made with /dev/uinput; it answers
// the kernel's force-feedback requests and records what it was sent.
type virtualPad struct {
	f    *os.File
	mu   sync.Mutex
	log  []string
	done chan struct{}
}

func (v *virtualPad) ctl(req uint, arg unsafe.Pointer) error {
	var err error
	c, e := v.f.SyscallConn()
	if e != nil {
		return e
	}
	if e := c.Control(func(fd uintptr) { err = ioctl(int(fd), req, arg) }); e != nil {
		return e
	}
	return err
}

// ctlInt is an ioctl whose argument is an int passed by value.
func (v *virtualPad) ctlInt(req uint, arg uintptr) error {
	var errno unix.Errno
	c, e := v.f.SyscallConn()
	if e != nil {
		return e
	}
	if e := c.Control(func(fd uintptr) { _, _, errno = unix.Syscall(unix.SYS_IOCTL, fd, uintptr(req), arg) }); e != nil {
		return e
	}
	if errno != 0 {
		return errno
	}
	return nil
}

func (v *virtualPad) note(s string) {
	v.mu.Lock()
	v.log = append(v.log, s)
	v.mu.Unlock()
}

func (v *virtualPad) seen() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.log...)
}

// serve answers uploads and erases and records uploads and plays.
func (v *virtualPad) serve() {
	defer close(v.done)
	var ev inputEvent
	b := unsafe.Slice((*byte)(unsafe.Pointer(&ev)), unsafe.Sizeof(ev))
	for {
		if _, err := v.f.Read(b); err != nil {
			return
		}
		switch {
		case ev.typ == evUinput && ev.code == uiFFUpload:
			u := uinputFFUpload{requestID: uint32(ev.value)}
			if v.ctl(uiBeginFFUpload(), unsafe.Pointer(&u)) != nil {
				continue
			}
			r := u.effect.rumble()
			v.note("upload type=" + strconv.Itoa(int(u.effect.typ)) + " strong=" + strconv.Itoa(int(r[0])) + " weak=" + strconv.Itoa(int(r[1])))
			u.retval = 0
			_ = v.ctl(uiEndFFUpload(), unsafe.Pointer(&u))
		case ev.typ == evUinput && ev.code == uiFFErase:
			e := uinputFFErase{requestID: uint32(ev.value)}
			if v.ctl(uiBeginFFErase(), unsafe.Pointer(&e)) == nil {
				_ = v.ctl(uiEndFFErase(), unsafe.Pointer(&e))
			}
		case ev.typ == evFF:
			v.note("play " + strconv.Itoa(int(ev.value)))
		}
	}
}

// TestI6_VibrationThroughEvdev: a virtual rumble pad from /dev/uinput is
// found from its GLFW GUID and name, and Vibrate uploads an FF_RUMBLE
// effect with the magnitudes asked for and plays it; 0, 0 stops it.
func TestI6_VibrationThroughEvdev(t *testing.T) {
	fd, err := unix.Open("/dev/uinput", unix.O_RDWR|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no virtual pad: /dev/uinput cannot be opened (%v); the evdev path is covered here only where the uinput module is loaded and the test may open it (root)", err)
	}
	v := &virtualPad{f: os.NewFile(uintptr(fd), "/dev/uinput"), done: make(chan struct{})}
	defer v.f.Close()
	name := "metronome virtual pad " + strconv.Itoa(os.Getpid())
	setup := uinputSetup{id: [4]uint16{0x03, 0x045e, 0x028e, 0x0114}, ffEffectsMax: 4}
	copy(setup.name[:], name)
	for _, c := range []struct {
		req uint
		arg uintptr
	}{{uiSetEvBit, 0x01}, {uiSetKeyBit, btnSouth}, {uiSetEvBit, evFF}, {uiSetFFBit, ffRumble}} {
		if err := v.ctlInt(c.req, c.arg); err != nil {
			t.Fatalf("uinput set-up ioctl %#x: %v", c.req, err)
		}
	}
	if err := v.ctl(uiDevSetup(), unsafe.Pointer(&setup)); err != nil {
		t.Fatalf("UI_DEV_SETUP: %v", err)
	}
	if err := v.ctlInt(uiDevCreate, 0); err != nil {
		t.Fatalf("UI_DEV_CREATE: %v", err)
	}
	defer func() { _ = v.ctlInt(uiDevDestroy, 0) }()
	go v.serve()

	// Its sysfs folder.
	var sysDir, event string
	for deadline := time.Now().Add(10 * time.Second); sysDir == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		matches, _ := filepath.Glob("/sys/class/input/event*/device/name")
		for _, m := range matches {
			if b, _ := os.ReadFile(m); strings.TrimSpace(string(b)) == name {
				sysDir, event = filepath.Dir(m), filepath.Base(filepath.Dir(filepath.Dir(m)))
			}
		}
	}
	if sysDir == "" {
		t.Fatal("the virtual pad did not appear under /sys/class/input within 10 s")
	}
	// Its device node: udev's under /dev/input, or one of our own (a
	// container's /dev may have none).
	devRoot := ""
	if _, err := os.Stat(filepath.Join("/dev/input", event)); err != nil {
		devRoot = makeNode(t, event)
	}

	guid, _, ok := GUIDOf(sysDir)
	if !ok || guid != "030000005e0400008e02000014010000" {
		t.Fatalf("GUIDOf(%s) = %q, %v", sysDir, guid, ok)
	}
	s := &Set{DevRoot: devRoot}
	defer s.Close()
	p := Pad{GUID: guid, Name: name}
	if !s.CanVibrate(p) {
		t.Fatal("the virtual pad's FF_RUMBLE was not seen")
	}
	if !s.Vibrate(p, 1, 0.5) || !s.Vibrate(p, 0.25, 0) || !s.Vibrate(p, 0, 0) {
		t.Fatal("Vibrate reported false for the virtual pad")
	}
	want := []string{"upload type=80 strong=65535 weak=32768", "play 1", "upload type=80 strong=16384 weak=0", "play 1", "play 0"}
	var got []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if got = v.seen(); len(got) >= len(want) {
			break
		}
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("the pad saw %q, want %q", got, want)
	}
	s.Close()
	_ = v.ctlInt(uiDevDestroy, 0)
	_ = v.f.Close()
	select {
	case <-v.done:
	case <-time.After(10 * time.Second):
		t.Error(errors.New("the virtual pad's reader did not end"))
	}
}

// makeNode makes a device node for input device event in a temporary
// folder and returns the folder.
func makeNode(t *testing.T, event string) string {
	t.Helper()
	devNum, err := os.ReadFile(filepath.Join("/sys/class/input", event, "dev"))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(strings.TrimSpace(string(devNum)), ":")
	if len(parts) != 2 {
		t.Fatalf("%s's dev is %q, want major:minor", event, devNum)
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		t.Fatalf("%s's dev is %q, want major:minor", event, devNum)
	}
	dir := t.TempDir()
	if err := unix.Mknod(filepath.Join(dir, event), unix.S_IFCHR|0o600, int(unix.Mkdev(uint32(major), uint32(minor)))); err != nil {
		t.Skipf("no /dev/input/%s and cannot make a device node for it (%v)", event, err)
	}
	return dir
}
