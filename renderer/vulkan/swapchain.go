package vulkan

import (
	"errors"
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/renderer/present"
)

// errZeroExtent is returned by a rebuild when the surface's extent is 0x0:
// BeginFrame then skips the frame, as for a 0x0 framebuffer (W2).
var errZeroExtent = errors.New("surface extent is 0x0")

// swapchain owns a VkSwapchainKHR and everything sized or counted by it: one
// view, framebuffer and render-finished semaphore per image, and the depth
// image.
type swapchain struct {
	handle      vk.Swapchain
	extent      vk.Extent2D
	fbW, fbH    int                 // framebuffer size it was built for
	mode        present.PresentMode // present mode in use
	compatible  present.ModeSet     // modes it switches to in place (P11); empty: none
	transferSrc bool                // images can be copied out (read-back)
	images      []vk.Image          // owned by the swapchain itself
	views       []vk.ImageView
	depth       *viewedImage
	msColor     *viewedImage // the multisampled colour image, nil without (msaa_bb.go)
	fbs         []vk.Framebuffer
	rendered    []vk.Semaphore
}

// newSwapchain builds a swapchain for a fbW x fbH framebuffer with the given
// present mode, retiring old (which the caller destroys afterwards).
func (p *presenter) newSwapchain(old vk.Swapchain, mode present.PresentMode, fbW, fbH int) (sc *swapchain, err error) {
	sc = &swapchain{fbW: fbW, fbH: fbH, mode: mode}
	defer func() {
		if err != nil {
			p.destroySwapchain(sc)
		}
	}()
	if err := p.createSwapchain(sc, old); err != nil {
		return nil, err
	}
	steps := []func(*swapchain) error{p.createViews, p.createFramebuffers, p.createRendered}
	for _, step := range steps {
		if err := step(sc); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// createSwapchain creates the VkSwapchainKHR and lists its images.
func (p *presenter) createSwapchain(sc *swapchain, old vk.Swapchain) error {
	const op = "create swapchain"
	caps, err := p.surfaceCaps()
	if err != nil {
		return err
	}
	count, err := chooseImageCount(caps)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	vkMode, err := toVkMode(sc.mode)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	sc.extent = chooseExtent(caps, sc.fbW, sc.fbH)
	if sc.extent.Width == 0 || sc.extent.Height == 0 {
		return errZeroExtent // minimised between the size query and now (W2)
	}
	if err := CheckSwapchain(int(sc.extent.Width), int(sc.extent.Height), int(count),
		formatSize(p.format.Format), formatSize(p.gpu.depthFormat), p.budget); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	usage := vk.ImageUsageFlags(vk.ImageUsageColorAttachmentBit)
	if caps.SupportedUsageFlags&vk.ImageUsageFlags(vk.ImageUsageTransferSrcBit) != 0 {
		usage |= vk.ImageUsageFlags(vk.ImageUsageTransferSrcBit)
		sc.transferSrc = true
	}
	ci := vk.SwapchainCreateInfo{
		SType:            vk.StructureTypeSwapchainCreateInfo,
		Surface:          p.surface,
		MinImageCount:    count,
		ImageFormat:      p.format.Format,
		ImageColorSpace:  p.format.ColorSpace,
		ImageExtent:      sc.extent,
		ImageArrayLayers: 1,
		ImageUsage:       usage,
		ImageSharingMode: vk.SharingModeExclusive,
		PreTransform:     caps.CurrentTransform,
		CompositeAlpha:   vk.CompositeAlphaOpaqueBit,
		PresentMode:      vkMode,
		Clipped:          vk.True,
		OldSwapchain:     old,
	}
	defer ci.Free()
	if p.inPlace {
		if err := p.chainModes(sc, &ci, vkMode, caps); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	if swapchainTweak != nil {
		swapchainTweak(&ci)
	}
	var h vk.Swapchain
	if sc.compatible != 0 {
		creatingWithDriverModes.Add(1)
	}
	res := vk.CreateSwapchain(p.gpu.dev.handle, &ci, nil, &h)
	if sc.compatible != 0 {
		creatingWithDriverModes.Add(-1)
	}
	if err := callErr(op, "vkCreateSwapchainKHR", res); err != nil {
		return err
	}
	sc.handle = h
	sc.images, err = swapchainImages(p.gpu.dev.handle, h)
	return err
}

// swapchainTweak, when not nil, changes a swapchain's create info right
// before the call (tests that make a real validation error on it).
var swapchainTweak func(*vk.SwapchainCreateInfo)

// chainModes chains to ci the list of present modes the surface says are
// compatible with mode, exactly as the driver returned it (P11), raises
// the image count to the largest minimum among them, and records the list
// in sc. A surface that lists no compatible modes leaves ci as it is.
func (p *presenter) chainModes(sc *swapchain, ci *vk.SwapchainCreateInfo, mode vk.PresentMode, caps vk.SurfaceCapabilities) error {
	modes, minImages, err := p.compatibleModes(mode)
	if err != nil {
		return err
	}
	if len(modes) == 0 {
		return nil
	}
	count := max(ci.MinImageCount, minImages)
	if caps.MaxImageCount > 0 {
		count = min(count, caps.MaxImageCount)
	}
	ci.MinImageCount = min(count, maxImages)
	ci.PNext = p.gpu.loop.setModes(modes)
	sc.compatible = modeSet(modes)
	return nil
}

// surfaceCaps reads the surface's capabilities, nested extents included.
func (p *presenter) surfaceCaps() (vk.SurfaceCapabilities, error) {
	var caps vk.SurfaceCapabilities
	if err := callErr("create swapchain", "vkGetPhysicalDeviceSurfaceCapabilitiesKHR",
		vk.GetPhysicalDeviceSurfaceCapabilities(p.gpu.dev.gpu, p.surface, &caps)); err != nil {
		return caps, err
	}
	caps.Deref()
	// Nested structs read through the parent's C copy and keep pointing at
	// it: copy their values into fresh structs, then free the C copy (else
	// every rebuild leaks it, and a later use would read freed memory).
	for _, e := range []*vk.Extent2D{&caps.CurrentExtent, &caps.MinImageExtent, &caps.MaxImageExtent} {
		e.Deref()
		*e = vk.Extent2D{Width: e.Width, Height: e.Height}
	}
	caps.Free()
	return caps, nil
}

// swapchainImages lists the swapchain's images (at most maxImages).
func swapchainImages(dev vk.Device, sc vk.Swapchain) ([]vk.Image, error) {
	const op, call = "create swapchain", "vkGetSwapchainImagesKHR"
	var n uint32
	if err := callErr(op, call, vk.GetSwapchainImages(dev, sc, &n, nil)); err != nil {
		return nil, err
	}
	if n > maxImages {
		return nil, fmt.Errorf("%s: the driver made %d images, more than %d", op, n, maxImages)
	}
	images := make([]vk.Image, n)
	if err := callErr(op, call, vk.GetSwapchainImages(dev, sc, &n, images)); err != nil {
		return nil, err
	}
	return images[:n], nil
}

// createViews creates the colour views and the depth image.
func (p *presenter) createViews(sc *swapchain) error {
	for _, img := range sc.images {
		v, err := newView(p.gpu.dev.handle, img, p.format.Format, vk.ImageAspectColorBit, 1, "create swapchain image view")
		if err != nil {
			return err
		}
		sc.views = append(sc.views, v)
	}
	depth, err := newDepthImage(p.gpu.dev, p.gpu.depthFormat, sc.extent)
	if err != nil {
		return err
	}
	sc.depth = depth
	return p.createSwapMSImages(sc)
}

// createFramebuffers creates one framebuffer per image (colour + depth).
func (p *presenter) createFramebuffers(sc *swapchain) error {
	for _, v := range sc.views {
		fb, err := p.newSwapFramebuffer(sc, v)
		if err != nil {
			return err
		}
		sc.fbs = append(sc.fbs, fb)
	}
	return nil
}

// createRendered creates the per-image render-finished semaphores (per image,
// not per frame: a present may still hold the previous one).
func (p *presenter) createRendered(sc *swapchain) error {
	for range sc.images {
		s, err := newSemaphore(p.gpu.dev.handle)
		if err != nil {
			return err
		}
		sc.rendered = append(sc.rendered, s)
	}
	return nil
}

// destroySwapchain destroys what newSwapchain created, children first; the
// caller makes sure the device no longer uses it. Safe on a partial one.
func (p *presenter) destroySwapchain(sc *swapchain) {
	if sc == nil {
		return
	}
	dev := p.gpu.dev.handle
	for _, s := range sc.rendered {
		vk.DestroySemaphore(dev, s, nil)
	}
	for _, fb := range sc.fbs {
		vk.DestroyFramebuffer(dev, fb, nil)
	}
	sc.depth.destroy()
	sc.msColor.destroy()
	for _, v := range sc.views {
		vk.DestroyImageView(dev, v, nil)
	}
	if sc.handle != nil {
		vk.DestroySwapchain(dev, sc.handle, nil)
	}
	*sc = swapchain{}
}

// queryModes reads the surface's present modes.
func (p *presenter) queryModes() error {
	const op, call = "list present modes", "vkGetPhysicalDeviceSurfacePresentModesKHR"
	var n uint32
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfacePresentModes(p.gpu.dev.gpu, p.surface, &n, nil)); err != nil {
		return err
	}
	modes := make([]vk.PresentMode, n)
	if err := callErr(op, call, vk.GetPhysicalDeviceSurfacePresentModes(p.gpu.dev.gpu, p.surface, &n, modes)); err != nil {
		return err
	}
	p.modes = modeSet(modes[:n])
	return nil
}
