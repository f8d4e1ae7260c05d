package shaders

import _ "embed"

//go:embed dualtexture.vert.spv
var dualTextureVert []byte

//go:embed dualtexture_color.vert.spv
var dualTextureColorVert []byte

//go:embed dualtexture.frag.spv
var dualTextureFrag []byte

// DualTextureVertex, DualTextureColorVertex and DualTextureFragment
// return the SPIR-V bytes of DualTextureEffect's shaders (dualtexture.vert
// for vertices without colours, the same compiled with COLOR for vertices
// with them, dualtexture.frag). The slices are shared: do not modify them.
func DualTextureVertex() []byte { return dualTextureVert }

// DualTextureColorVertex: see DualTextureVertex.
func DualTextureColorVertex() []byte { return dualTextureColorVert }

// DualTextureFragment: see DualTextureVertex.
func DualTextureFragment() []byte { return dualTextureFrag }
