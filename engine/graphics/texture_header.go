package graphics

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
)

// checkImageHeader reads an image's size from its header, wherever in r it
// lies (a JPEG's frame header can follow any amount of APP segments), and
// refuses sizes above dev's texture limit or budget pixels (<= 0: no
// budget) before anything is decoded: a huge image would otherwise be
// decoded in full only to be refused (rule G3). It returns a reader that
// yields all of r's data again, from the start: the bytes the header
// read took, kept in memory, then the rest of r. Headers it cannot read
// are left to the decoder.
func checkImageHeader(dev *Device, r io.Reader, budget int) (io.Reader, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: load texture: the device is nil: %w", ErrInvalid)
	}
	var head bytes.Buffer
	rec := &readErr{r: io.TeeReader(r, &head)}
	cfg, _, err := image.DecodeConfig(bufio.NewReader(rec))
	if rec.err != nil && !errors.Is(rec.err, io.EOF) && !errors.Is(rec.err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("graphics: load texture: read: %w", rec.err)
	}
	src := io.MultiReader(&head, r)
	if err != nil {
		return src, nil // the decoder reports it
	}
	if m := dev.limits.MaxTextureSize; cfg.Width > m || cfg.Height > m {
		return nil, fmt.Errorf("graphics: load texture: the image is %dx%d, above the device limit of %dx%d: scale it down or split it: %w",
			cfg.Width, cfg.Height, m, m, ErrTooLarge)
	}
	if budget > 0 && cfg.Width > 0 && cfg.Height > budget/cfg.Width {
		return nil, fmt.Errorf("graphics: load texture: the image is %dx%d (%d pixels), above the pixel budget of %d: scale it down, split it, or raise the budget with PixelBudget: %w",
			cfg.Width, cfg.Height, cfg.Width*cfg.Height, budget, ErrTooLarge)
	}
	return src, nil
}

// readErr remembers the first error other than io.EOF its reader
// returned, so a read failure is not mistaken for a malformed header.
type readErr struct {
	r   io.Reader
	err error
}

func (e *readErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}
