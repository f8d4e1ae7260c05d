package vulkan

import (
	"errors"
	"fmt"
	"image"

	vk "github.com/vulkan-go/vulkan"
)

// capture owns the buffer presented frames are copied into (G11).
type capture struct {
	buf    *buffer
	extent vk.Extent2D
}

// CaptureNext asks for a copy of the next presented frame (G11): the
// next Execute that presents copies its image on the GPU before the
// present and, once the copy is done, LastCapture returns it.
func (r *Renderer) CaptureNext() { r.pres.captureOne = true }

// LastCapture returns the last captured frame as an image.RGBA (W5, G11)
// and the error of the last failed capture (a surface that does not
// allow copying its images); nil before the first.
func (r *Renderer) LastCapture() (*image.RGBA, error) { return r.pres.captured, r.pres.captureErr }

// wantCapture reports whether this frame is copied.
func (r *Renderer) wantCapture() bool { return r.pres.captureOne }

// addCapture appends the copy of the acquired image to r.ops, (re)making
// the buffer when the size changed.
func (r *Renderer) addCapture() error {
	const op = "capture frame"
	if !r.pres.sc.transferSrc {
		return fmt.Errorf("%s: the surface does not allow copying swapchain images (no TRANSFER_SRC usage)", op)
	}
	if err := r.ensureCapture(); err != nil {
		return err
	}
	r.frames.ops.readImage(nil, r.pres.cap.buf.handle, int(r.pres.cap.extent.Width), int(r.pres.cap.extent.Height))
	return nil
}

// finishCapture waits for the copy and converts it.
func (r *Renderer) finishCapture() error {
	r.pres.captureOne = false
	if res := r.gpu.loop.waitFrames(); res != vk.Success {
		return callErr("capture frame", r.gpu.loop.lastCall(), res)
	}
	bgra := r.pres.format.Format == vk.FormatB8g8r8a8Unorm || r.pres.format.Format == vk.FormatB8g8r8a8Srgb
	r.pres.captured = toRGBA(r.pres.cap.buf.bytes(), int(r.pres.cap.extent.Width), int(r.pres.cap.extent.Height), bgra)
	r.pres.captureErr = nil
	return nil
}

// ensureCapture makes a buffer of the swapchain's size.
func (r *Renderer) ensureCapture() error {
	if r.pres.cap == nil {
		r.pres.cap = &capture{}
	}
	c := r.pres.cap
	if c.buf != nil && c.extent == r.pres.sc.extent {
		return nil
	}
	if err := r.WaitIdle(); err != nil { // an earlier frame may still copy into it
		return err
	}
	c.buf.destroy()
	c.buf = nil
	size := int(r.pres.sc.extent.Width) * int(r.pres.sc.extent.Height) * 4
	b, err := newBuffer(r.gpu.dev, size, vk.BufferUsageTransferDstBit, "read-back")
	if err != nil {
		return err
	}
	c.buf, c.extent = b, r.pres.sc.extent
	return nil
}

// destroyCapture mirrors ensureCapture; the device is idle.
func (r *Renderer) destroyCapture() {
	if r.pres.cap == nil {
		return
	}
	r.pres.cap.buf.destroy()
	r.pres.cap = nil
}

// toRGBA converts tightly packed 8-bit pixels (BGRA when bgra, else RGBA)
// into a new image.RGBA, forcing alpha to opaque (the window is opaque).
func toRGBA(src []byte, w, h int, bgra bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+3 < len(src) && i+3 < len(img.Pix); i += 4 {
		r, g, b := src[i], src[i+1], src[i+2]
		if bgra {
			r, b = b, r
		}
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = r, g, b, 0xff
	}
	return img
}

var _ = errors.New
