package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// levelSize returns the size of mip level l of t: each side halved l
// times, at least 1.
func (t *texture) levelSize(l int) (int, int) { return max(t.w>>l, 1), max(t.h>>l, 1) }

// mipBlitFeatures is what making a render target's mip chain on the GPU
// needs of textureFormat in optimal tiling: blits from and to it, with
// linear filtering. Vulkan requires all three of every device for
// R8G8B8A8_UNORM, so checkMipBlit only guards against a device that
// breaks the rule.
const mipBlitFeatures = vk.FormatFeatureBlitSrcBit | vk.FormatFeatureBlitDstBit | vk.FormatFeatureSampledImageFilterLinearBit

// checkMipBlit reports an error when the device cannot blit textureFormat
// with linear filtering (a mipmapped render target's chain is made so).
func (r *Renderer) checkMipBlit() error {
	var p vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(r.gpu.dev.gpu, textureFormat, &p)
	p.Deref()
	p.Free()
	if got := vk.FormatFeatureFlagBits(p.OptimalTilingFeatures); got&mipBlitFeatures != mipBlitFeatures {
		return fmt.Errorf("create texture: the device cannot blit RGBA8 images with linear filtering (format features %#x), "+
			"which a mipmapped render target's chain is made with: create the target without MipMap", got)
	}
	return nil
}
