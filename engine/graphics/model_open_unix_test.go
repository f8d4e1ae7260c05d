//go:build unix

package graphics

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestM2_OpeningAFIFONeverWaits: the model's folder opens a FIFO without
// waiting for a writer (O_NONBLOCK), so a FIFO swapped in between the
// check by name and the open is still refused at once, once open, as not
// a regular file.
func TestM2_OpeningAFIFONeverWaits(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "swapped.bin")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() { // unblocks an open that waits (the failure)
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	d, err := openModelDir(filepath.Join(dir, "model.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	done := make(chan error, 1)
	go func() {
		f, err := d.Open("swapped.bin")
		if err != nil {
			done <- err
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err == nil {
			err = regularFile(st, "buffer 0", "swapped.bin", 4)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrBadModel) {
			t.Errorf("opening a FIFO and checking it: %v; want ErrBadModel (not a regular file)", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("opening a FIFO has not returned after 20 s: it waits for a writer")
	}
}
