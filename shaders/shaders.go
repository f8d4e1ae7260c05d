// Package shaders holds the GLSL sources of the renderer's shaders and their
// compiled SPIR-V, embedded into the binary with go:embed.
//
// The .spv files are committed. After editing a .vert or .frag source, run
// `go generate ./shaders/` (needs glslc, Debian package glslc) and commit the
// new .spv files; a test checks that regenerating reproduces them byte for byte.
package shaders

import (
	_ "embed"
	"encoding/binary"
	"fmt"
)

//go:generate glslc --target-env=vulkan1.0 -O -o basic.vert.spv basic.vert
//go:generate glslc --target-env=vulkan1.0 -O -o basic.frag.spv basic.frag
//go:generate glslc --target-env=vulkan1.0 -o basic_untextured.frag.spv basic_untextured.frag
//go:generate glslc --target-env=vulkan1.0 -O -o basic_pixel.vert.spv basic_pixel.vert
//go:generate glslc --target-env=vulkan1.0 -O -o basic_pixel.frag.spv basic_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -DUNTEXTURED -o basic_pixel_untextured.frag.spv basic_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -o unlit.vert.spv unlit.vert
//go:generate glslc --target-env=vulkan1.0 -O -o unlit.frag.spv unlit.frag
//go:generate glslc --target-env=vulkan1.0 -o unlit_untextured.frag.spv unlit_untextured.frag
//go:generate glslc --target-env=vulkan1.0 -o sprite_effect.vert.spv sprite_effect.vert
//go:generate glslc --target-env=vulkan1.0 -o alphatest.vert.spv alphatest.vert
//go:generate glslc --target-env=vulkan1.0 -o alphatest_color.vert.spv alphatest_color.vert
//go:generate glslc --target-env=vulkan1.0 -o alphatest.frag.spv alphatest.frag
//go:generate glslc --target-env=vulkan1.0 -o skinned.vert.spv skinned.vert
//go:generate glslc --target-env=vulkan1.0 -DMAX_BONES=256 -o skinned_big.vert.spv skinned.vert
//go:generate glslc --target-env=vulkan1.0 -DPER_PIXEL -o skinned_pixel.vert.spv skinned.vert
//go:generate glslc --target-env=vulkan1.0 -DPER_PIXEL -DMAX_BONES=256 -o skinned_pixel_big.vert.spv skinned.vert
//go:generate glslc --target-env=vulkan1.0 -o skinned.frag.spv skinned.frag
//go:generate glslc --target-env=vulkan1.0 -DUNTEXTURED -o skinned_untextured.frag.spv skinned.frag
//go:generate glslc --target-env=vulkan1.0 -o skinned_pixel.frag.spv skinned_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -DUNTEXTURED -o skinned_pixel_untextured.frag.spv skinned_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -DMAX_BONES=256 -o skinned_pixel_big.frag.spv skinned_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -DMAX_BONES=256 -DUNTEXTURED -o skinned_pixel_big_untextured.frag.spv skinned_pixel.frag
//go:generate glslc --target-env=vulkan1.0 -o envmap.vert.spv envmap.vert
//go:generate glslc --target-env=vulkan1.0 -o envmap.frag.spv envmap.frag
//go:generate glslc --target-env=vulkan1.0 -o dualtexture.vert.spv dualtexture.vert
//go:generate glslc --target-env=vulkan1.0 -DCOLOR -o dualtexture_color.vert.spv dualtexture.vert
//go:generate glslc --target-env=vulkan1.0 -o dualtexture.frag.spv dualtexture.frag

//go:embed basic.vert.spv
var basicVert []byte

//go:embed basic.frag.spv
var basicFrag []byte

//go:embed basic_untextured.frag.spv
var basicUntexturedFrag []byte

//go:embed basic_pixel.vert.spv
var basicPixelVert []byte

//go:embed basic_pixel.frag.spv
var basicPixelFrag []byte

//go:embed basic_pixel_untextured.frag.spv
var basicPixelUntexturedFrag []byte

//go:embed unlit.vert.spv
var unlitVert []byte

//go:embed unlit.frag.spv
var unlitFrag []byte

//go:embed unlit_untextured.frag.spv
var unlitUntexturedFrag []byte

//go:embed sprite_effect.vert.spv
var spriteEffectVert []byte

// SpriteEffectVertex returns the SPIR-V bytes of the vertex shader a
// sprite effect without its own vertex shader runs (sprite_effect.vert):
// positions already in clip space pass through, with Color at output
// location 0 and TexCoord at 1. The slice is shared: do not modify it.
func SpriteEffectVertex() []byte { return spriteEffectVert }

//go:embed alphatest.vert.spv
var alphaTestVert []byte

//go:embed alphatest_color.vert.spv
var alphaTestColorVert []byte

//go:embed alphatest.frag.spv
var alphaTestFrag []byte

// AlphaTestVertex, AlphaTestColorVertex and AlphaTestFragment return the
// SPIR-V bytes of AlphaTestEffect's shaders (alphatest.vert for vertices
// without colours, alphatest_color.vert with them, alphatest.frag). The
// slices are shared: do not modify them.
func AlphaTestVertex() []byte { return alphaTestVert }

// AlphaTestColorVertex: see AlphaTestVertex.
func AlphaTestColorVertex() []byte { return alphaTestColorVert }

// AlphaTestFragment: see AlphaTestVertex.
func AlphaTestFragment() []byte { return alphaTestFrag }

//go:embed skinned.vert.spv
var skinnedVert []byte

//go:embed skinned_big.vert.spv
var skinnedBigVert []byte

//go:embed skinned_pixel.vert.spv
var skinnedPixelVert []byte

//go:embed skinned_pixel_big.vert.spv
var skinnedPixelBigVert []byte

//go:embed skinned.frag.spv
var skinnedFrag []byte

//go:embed skinned_untextured.frag.spv
var skinnedUntexturedFrag []byte

//go:embed skinned_pixel.frag.spv
var skinnedPixelFrag []byte

//go:embed skinned_pixel_untextured.frag.spv
var skinnedPixelUntexturedFrag []byte

//go:embed skinned_pixel_big.frag.spv
var skinnedPixelBigFrag []byte

//go:embed skinned_pixel_big_untextured.frag.spv
var skinnedPixelBigUntexturedFrag []byte

// SkinnedBigBones is the bone count of SkinnedEffect's larger shaders
// (the big variants below); its ordinary ones hold XNA's 72.
const SkinnedBigBones = 256

// SkinnedShaders returns the SPIR-V bytes of the SkinnedEffect shader
// pair a variant runs: big selects the SkinnedBigBones-bone shaders (else
// 72 bones), perPixel the per-pixel lighting pair (skinned.vert with
// PER_PIXEL and skinned_pixel.frag; else skinned.vert and skinned.frag),
// textured the fragment shader that samples the Texture. The slices are
// shared: do not modify them.
func SkinnedShaders(big, perPixel, textured bool) (vertex, fragment []byte) {
	switch {
	case perPixel && big:
		vertex, fragment = skinnedPixelBigVert, skinnedPixelBigUntexturedFrag
		if textured {
			fragment = skinnedPixelBigFrag
		}
	case perPixel:
		vertex, fragment = skinnedPixelVert, skinnedPixelUntexturedFrag
		if textured {
			fragment = skinnedPixelFrag
		}
	default:
		vertex, fragment = skinnedVert, skinnedUntexturedFrag
		if big {
			vertex = skinnedBigVert
		}
		if textured {
			fragment = skinnedFrag
		}
	}
	return vertex, fragment
}

// Magic is the first word of every SPIR-V module.
const Magic uint32 = 0x07230203

// headerWords is the length of a SPIR-V module header in 32-bit words.
const headerWords = 5

// BasicVertex returns the SPIR-V words of BasicEffect's vertex shader
// (basic.vert). Each call returns a fresh slice the caller may keep.
func BasicVertex() ([]uint32, error) { return Words(basicVert) }

// BasicFragment returns the SPIR-V words of BasicEffect's fragment shader
// (basic.frag). Each call returns a fresh slice the caller may keep.
func BasicFragment() ([]uint32, error) { return Words(basicFrag) }

// BasicUntexturedFragment returns the SPIR-V words of BasicEffect's
// fragment shader for draws without a texture (basic_untextured.frag).
// Each call returns a fresh slice the caller may keep.
func BasicUntexturedFragment() ([]uint32, error) { return Words(basicUntexturedFrag) }

// BasicPixelVertex returns the SPIR-V words of BasicEffect's vertex
// shader for per-pixel lighting (basic_pixel.vert). Each call returns a
// fresh slice the caller may keep.
func BasicPixelVertex() ([]uint32, error) { return Words(basicPixelVert) }

// BasicPixelFragment returns the SPIR-V words of BasicEffect's per-pixel
// lighting fragment shader with a texture (basic_pixel.frag). Each call
// returns a fresh slice the caller may keep.
func BasicPixelFragment() ([]uint32, error) { return Words(basicPixelFrag) }

// BasicPixelUntexturedFragment returns the SPIR-V words of BasicEffect's
// per-pixel lighting fragment shader for draws without a texture
// (basic_pixel.frag compiled with UNTEXTURED). Each call returns a fresh
// slice the caller may keep.
func BasicPixelUntexturedFragment() ([]uint32, error) { return Words(basicPixelUntexturedFrag) }

// UnlitVertex returns the SPIR-V words of BasicEffect's vertex shader for
// draws without lighting (unlit.vert): no lights, no specular term. Each
// call returns a fresh slice the caller may keep.
func UnlitVertex() ([]uint32, error) { return Words(unlitVert) }

// UnlitFragment returns the SPIR-V words of the fragment shader of unlit
// draws with a texture (unlit.frag). Each call returns a fresh slice the
// caller may keep.
func UnlitFragment() ([]uint32, error) { return Words(unlitFrag) }

// UnlitUntexturedFragment returns the SPIR-V words of the fragment shader
// of unlit draws without a texture (unlit_untextured.frag). Each call
// returns a fresh slice the caller may keep.
func UnlitUntexturedFragment() ([]uint32, error) { return Words(unlitUntexturedFrag) }

// Words checks that b is a little-endian SPIR-V module (length a whole number
// of 32-bit words, at least a header, the magic number first) and returns its
// words in a new slice.
func Words(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("spir-v: length %d bytes is not a multiple of 4", len(b))
	}
	if len(b) < 4*headerWords {
		return nil, fmt.Errorf("spir-v: %d bytes is shorter than the %d-byte header", len(b), 4*headerWords)
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	if w[0] != Magic {
		return nil, fmt.Errorf("spir-v: magic number %#08x, want %#08x", w[0], Magic)
	}
	return w, nil
}
