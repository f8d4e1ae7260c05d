//go:build !windows

package storage

import (
	"errors"
	"os"
	"syscall"
)

// syncDir flushes the folder d, so a rename or a removal in it is on the
// disk. A file system that cannot flush a folder (EINVAL) counts as done.
func syncDir(d *os.File) error {
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}
