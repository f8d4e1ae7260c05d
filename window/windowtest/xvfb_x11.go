//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package windowtest

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>

// metronomeTitle returns a malloc'ed copy of w's _NET_WM_NAME, or of its
// WM_NAME, or NULL.
static char* metronomeTitle(Display* d, Window w) {
	Atom props[2] = {XInternAtom(d, "_NET_WM_NAME", False), XA_WM_NAME};
	for (int i = 0; i < 2; i++) {
		Atom type;
		int format;
		unsigned long n, after;
		unsigned char* data = NULL;
		if (XGetWindowProperty(d, w, props[i], 0, 1024, False, AnyPropertyType,
				&type, &format, &n, &after, &data) == Success && data != NULL) {
			char* s = NULL;
			if (format == 8) {
				s = malloc(n + 1);
				memcpy(s, data, n);
				s[n] = 0;
			}
			XFree(data);
			if (s != NULL) return s;
		}
	}
	return NULL;
}

// metronomeTitles fills titles (up to max) with the titles of the root
// window's children; it returns how many, or -1 when the display does not open.
static int metronomeTitles(const char* name, char** titles, int max) {
	XInitThreads();
	Display* d = XOpenDisplay(name);
	if (d == NULL) return -1;
	Window root, parent, *kids = NULL;
	unsigned int n = 0;
	int got = 0;
	if (XQueryTree(d, DefaultRootWindow(d), &root, &parent, &kids, &n)) {
		for (unsigned int i = 0; i < n && got < max; i++) {
			char* s = metronomeTitle(d, kids[i]);
			if (s != NULL) titles[got++] = s;
		}
		if (kids != NULL) XFree(kids);
	}
	XCloseDisplay(d);
	return got;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// maxTitles bounds the windows windowTitles reads.
const maxTitles = 256

// windowTitles returns the titles of display's top-level windows.
func windowTitles(display string) ([]string, error) {
	name := C.CString(display)
	defer C.free(unsafe.Pointer(name))
	buf := (*[maxTitles]*C.char)(C.malloc(C.size_t(maxTitles) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))
	defer C.free(unsafe.Pointer(buf))
	n := int(C.metronomeTitles(name, &buf[0], maxTitles))
	if n < 0 {
		return nil, fmt.Errorf("cannot open X display %q", display)
	}
	out := make([]string, n)
	for i := range n {
		out[i] = C.GoString(buf[i])
		C.free(unsafe.Pointer(buf[i]))
	}
	return out, nil
}
