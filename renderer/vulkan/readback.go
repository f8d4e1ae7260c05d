package vulkan

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"

	vk "github.com/vulkan-go/vulkan"
)

// capture owns the read-back buffer and the command buffer that copies a
// swapchain image into it.
type capture struct {
	buf    *buffer
	cmd    vk.CommandBuffer
	extent vk.Extent2D
}

// ReadBack returns the last presented frame as an image.RGBA (W5). It draws
// the frame for the time last passed to DrawFrame again, with a copy of the
// swapchain image appended to the same submit, presents it and waits for the
// copy. Since the scene is a pure function of time and window size, that is
// the last presented frame, pixel for pixel. The image has the swapchain's
// size. It fails while the framebuffer is 0x0, or when the surface does not
// allow copying its images (TRANSFER_SRC).
func (r *Renderer) ReadBack() (*image.RGBA, error) {
	if r == nil || r.dev == nil {
		return nil, errors.New("read back: the renderer was destroyed")
	}
	r.capturing = true
	drawn, err := r.DrawFrame(r.lastT)
	wasCapturing := r.capturing
	r.capturing = false
	if err != nil {
		return nil, fmt.Errorf("read back: %w", err)
	}
	if !drawn || !wasCapturing {
		return nil, errors.New("read back: no frame drawn (framebuffer 0x0 or swapchain out of date)")
	}
	if err := r.WaitIdle(); err != nil {
		return nil, fmt.Errorf("read back: %w", err)
	}
	bgra := r.format.Format == vk.FormatB8g8r8a8Unorm || r.format.Format == vk.FormatB8g8r8a8Srgb
	return toRGBA(r.cap.buf.bytes(), int(r.cap.extent.Width), int(r.cap.extent.Height), bgra), nil
}

// recordCapture records the copy of image img into the read-back buffer,
// (re)making the buffer when the size changed. Called after acquire, so the
// copy follows the image's draw in the same submit.
func (r *Renderer) recordCapture(img int) (vk.CommandBuffer, error) {
	const op = "record read-back"
	if !r.sc.transferSrc {
		return nil, fmt.Errorf("%s: the surface does not allow copying swapchain images (no TRANSFER_SRC usage)", op)
	}
	if err := r.ensureCapture(); err != nil {
		return nil, err
	}
	c := r.cap
	if err := callErr(op, "vkResetCommandBuffer", vk.ResetCommandBuffer(c.cmd, 0)); err != nil {
		return nil, err
	}
	if err := beginCommands(c.cmd, op); err != nil {
		return nil, err
	}
	image := r.sc.images[img]
	imageBarrier(c.cmd, image, vk.ImageLayoutPresentSrc, vk.ImageLayoutTransferSrcOptimal,
		vk.AccessColorAttachmentWriteBit, vk.AccessTransferReadBit,
		vk.PipelineStageColorAttachmentOutputBit, vk.PipelineStageTransferBit)
	vk.CmdCopyImageToBuffer(c.cmd, image, vk.ImageLayoutTransferSrcOptimal, c.buf.handle, 1, []vk.BufferImageCopy{{
		ImageSubresource: vk.ImageSubresourceLayers{AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LayerCount: 1},
		ImageExtent:      vk.Extent3D{Width: c.extent.Width, Height: c.extent.Height, Depth: 1},
	}})
	imageBarrier(c.cmd, image, vk.ImageLayoutTransferSrcOptimal, vk.ImageLayoutPresentSrc,
		vk.AccessTransferReadBit, 0, vk.PipelineStageTransferBit, vk.PipelineStageBottomOfPipeBit)
	vk.CmdPipelineBarrier(c.cmd, vk.PipelineStageFlags(vk.PipelineStageTransferBit), vk.PipelineStageFlags(vk.PipelineStageHostBit),
		0, 1, []vk.MemoryBarrier{{
			SType:         vk.StructureTypeMemoryBarrier,
			SrcAccessMask: vk.AccessFlags(vk.AccessTransferWriteBit),
			DstAccessMask: vk.AccessFlags(vk.AccessHostReadBit),
		}}, 0, nil, 0, nil)
	if err := callErr(op, "vkEndCommandBuffer", vk.EndCommandBuffer(c.cmd)); err != nil {
		return nil, err
	}
	return c.cmd, nil
}

// imageBarrier records a layout transition of a colour image.
func imageBarrier(cmd vk.CommandBuffer, img vk.Image, from, to vk.ImageLayout,
	srcAccess, dstAccess vk.AccessFlagBits, srcStage, dstStage vk.PipelineStageFlagBits) {
	vk.CmdPipelineBarrier(cmd, vk.PipelineStageFlags(srcStage), vk.PipelineStageFlags(dstStage), 0, 0, nil, 0, nil,
		1, []vk.ImageMemoryBarrier{{
			SType:               vk.StructureTypeImageMemoryBarrier,
			SrcAccessMask:       vk.AccessFlags(srcAccess),
			DstAccessMask:       vk.AccessFlags(dstAccess),
			OldLayout:           from,
			NewLayout:           to,
			SrcQueueFamilyIndex: vk.QueueFamilyIgnored,
			DstQueueFamilyIndex: vk.QueueFamilyIgnored,
			Image:               img,
			SubresourceRange: vk.ImageSubresourceRange{
				AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, LayerCount: 1,
			},
		}})
}

// ensureCapture makes the command buffer once and a buffer of the
// swapchain's size (the device is idle between read-backs).
func (r *Renderer) ensureCapture() error {
	if r.cap == nil {
		cmds, err := allocCommandBuffers(r.dev, r.cmdPool, 1)
		if err != nil {
			return err
		}
		r.cap = &capture{cmd: cmds[0]}
	}
	c := r.cap
	if c.buf != nil && c.extent == r.sc.extent {
		return nil
	}
	c.buf.destroy()
	c.buf = nil
	size := int(r.sc.extent.Width) * int(r.sc.extent.Height) * 4
	b, err := newBuffer(r.dev, size, vk.BufferUsageTransferDstBit, "read-back")
	if err != nil {
		return err
	}
	c.buf, c.extent = b, r.sc.extent
	return nil
}

// destroyCapture mirrors ensureCapture; the device is idle.
func (r *Renderer) destroyCapture() {
	if r.cap == nil {
		return
	}
	r.cap.buf.destroy()
	vk.FreeCommandBuffers(r.dev.handle, r.cmdPool, 1, []vk.CommandBuffer{r.cap.cmd})
	r.cap = nil
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

// WritePNG writes img to path as a PNG file (W5: screenshots, golden tests).
func WritePNG(path string, img image.Image) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("write png: %w", cerr)
		}
	}()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("write png %s: %w", path, err)
	}
	return nil
}
