package graphics

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"io"
)

// imageHeaderPeek is how many bytes checkImageHeader reads ahead: enough
// for a PNG's IHDR and for the frame header of most JPEGs (EXIF and ICC
// segments before it can push it further; such an image is then checked
// after decoding, by the texture's size).
const imageHeaderPeek = 64 << 10

// checkImageHeader reads an image's size from its header, without
// consuming br, and rejects sizes above dev's texture limit before the
// image is decoded (a huge image would otherwise be decoded in full only
// to be refused). Headers it cannot read are left to the decoder.
func checkImageHeader(dev *Device, br *bufio.Reader) error {
	if dev == nil {
		return fmt.Errorf("graphics: load texture: the device is nil: %w", ErrInvalid)
	}
	head, err := br.Peek(imageHeaderPeek)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return fmt.Errorf("graphics: load texture: read: %w", err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(head))
	if err != nil {
		return nil // the decoder reports it, or the header lies past the peek
	}
	if m := dev.limits.MaxTextureSize; cfg.Width > m || cfg.Height > m {
		return fmt.Errorf("graphics: load texture: the image is %dx%d, above the device limit of %dx%d: scale it down or split it: %w",
			cfg.Width, cfg.Height, m, m, ErrTooLarge)
	}
	return nil
}
