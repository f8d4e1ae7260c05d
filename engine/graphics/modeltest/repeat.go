package modeltest

import (
	"bytes"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// RepeatedBox is the textured box with texture coordinates running 0..3
// across each face and a texture without a sampler, so glTF's defaults
// apply (REPEAT, linear filtering with mipmaps): each face shows the
// 8x8 checker three times over, as Khronos' AnimatedCube relies on.
func RepeatedBox() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	if _, err := modeler.WriteImage(doc, "checker", "image/png", bytes.NewReader(Checker(8))); err != nil {
		return nil, err
	}
	doc.Textures = []*gltf.Texture{{Source: gltf.Index(0)}}
	m := material("checker", [4]float64{1, 1, 1, 1})
	m.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: 0}
	doc.Materials = []*gltf.Material{m}
	pos, nor, uv, idx := box()
	for i := range uv {
		uv[i] = [2]float32{3 * uv[i][0], 3 * uv[i][1]}
	}
	p := &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{
		gltf.POSITION:   modeler.WritePosition(doc, pos),
		gltf.NORMAL:     modeler.WriteNormal(doc, nor),
		gltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, uv),
	}, Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: gltf.Index(0)}
	doc.Meshes = []*gltf.Mesh{{Name: "box", Primitives: []*gltf.Primitive{p}}}
	doc.Nodes = []*gltf.Node{{Name: "box", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}
