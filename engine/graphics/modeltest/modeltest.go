// Package modeltest writes the small glTF 2.0 models the engine's tests,
// goldens and sample load: a box, a textured box, a three-node hierarchy,
// a mesh with two materials and a large grid, made with
// github.com/qmuntal/gltf, the library the loader reads them with.
package modeltest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// box returns a cube of side 1 centred on the origin: 24 vertices with
// outward normals and texture coordinates, 36 indices wound
// counter-clockwise seen from outside (glTF's front faces).
func box() (pos, nor [][3]float32, uv [][2]float32, idx []uint16) {
	verts, xna := graphics.Cube()
	for _, v := range verts {
		pos = append(pos, v.Position)
		nor = append(nor, v.Normal)
		uv = append(uv, v.TextureCoordinate)
	}
	for i := 0; i < len(xna); i += 3 { // XNA's cube is clockwise: swap to glTF's winding
		idx = append(idx, xna[i], xna[i+2], xna[i+1])
	}
	return pos, nor, uv, idx
}

// boxPrimitive writes a box's vertices (interleaved when interleaved is
// set, one accessor each otherwise) and indices into doc.
func boxPrimitive(doc *gltf.Document, interleaved bool, material *int) (*gltf.Primitive, error) {
	pos, nor, uv, idx := box()
	var attrs gltf.PrimitiveAttributes
	if interleaved {
		var err error
		attrs, err = modeler.WritePrimitiveAttributes(doc,
			modeler.PrimitiveAttribute{Name: gltf.POSITION, Data: pos},
			modeler.PrimitiveAttribute{Name: gltf.NORMAL, Data: nor},
			modeler.PrimitiveAttribute{Name: gltf.TEXCOORD_0, Data: uv})
		if err != nil {
			return nil, err
		}
	} else {
		attrs = gltf.PrimitiveAttributes{
			gltf.POSITION:   modeler.WritePosition(doc, pos),
			gltf.NORMAL:     modeler.WriteNormal(doc, nor),
			gltf.TEXCOORD_0: modeler.WriteTextureCoord(doc, uv),
		}
	}
	return &gltf.Primitive{Attributes: attrs, Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: material}, nil
}

// material returns a material of base colour c (straight alpha).
func material(name string, c [4]float64) *gltf.Material {
	return &gltf.Material{Name: name, PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
		BaseColorFactor: &c, MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.5)}}
}

// Box is an orange unit cube with interleaved vertices.
func Box() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{material("orange", [4]float64{1, 0.55, 0.1, 1})}
	p, err := boxPrimitive(doc, true, gltf.Index(0))
	if err != nil {
		return nil, err
	}
	doc.Meshes = []*gltf.Mesh{{Name: "box", Primitives: []*gltf.Primitive{p}}}
	doc.Nodes = []*gltf.Node{{Name: "box", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// Checker returns a size x size PNG of 2x2-texel black and white squares
// with a red top-left square.
func Checker(size int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			c := color.NRGBA{255, 255, 255, 255}
			if (x/2+y/2)%2 == 1 {
				c = color.NRGBA{0, 0, 0, 255}
			}
			if x < 2 && y < 2 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// TexturedBox is a white cube with an 8x8 checker texture sampled with
// nearest filtering. With imageURI "" the PNG is stored in the buffer;
// otherwise the image is named by that URI (write the file with Save's
// files).
func TexturedBox(imageURI string) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	if imageURI == "" {
		if _, err := modeler.WriteImage(doc, "checker", "image/png", bytes.NewReader(Checker(8))); err != nil {
			return nil, err
		}
	} else {
		doc.Images = []*gltf.Image{{Name: "checker", URI: imageURI}}
	}
	doc.Samplers = []*gltf.Sampler{{MagFilter: gltf.MagNearest, MinFilter: gltf.MinNearest}}
	doc.Textures = []*gltf.Texture{{Sampler: gltf.Index(0), Source: gltf.Index(0)}}
	m := material("checker", [4]float64{1, 1, 1, 1})
	m.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: 0}
	doc.Materials = []*gltf.Material{m}
	p, err := boxPrimitive(doc, false, gltf.Index(0))
	if err != nil {
		return nil, err
	}
	doc.Meshes = []*gltf.Mesh{{Name: "box", Primitives: []*gltf.Primitive{p}}}
	doc.Nodes = []*gltf.Node{{Name: "box", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// MaskedBox is the textured box with an alpha MASK material: the
// checker's black squares are transparent (alpha 0), so only the white
// and red ones draw.
func MaskedBox() (*gltf.Document, error) {
	doc, err := TexturedBox("")
	if err != nil {
		return nil, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := range 8 {
		for x := range 8 {
			c := color.NRGBA{255, 255, 255, 255}
			if (x/2+y/2)%2 == 1 {
				c = color.NRGBA{0, 0, 0, 0}
			}
			if x < 2 && y < 2 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	doc.Images = nil // the opaque checker's bytes stay in the buffer, unused
	if _, err := modeler.WriteImage(doc, "holes", "image/png", &b); err != nil {
		return nil, err
	}
	m := doc.Materials[0]
	m.AlphaMode = gltf.AlphaMask
	m.AlphaCutoff = gltf.Float(0.5)
	m.DoubleSided = true
	return doc, nil
}

// Hierarchy is three boxes in a chain: "base" at the origin (no
// transform), "arm" one unit up, turned 45 degrees about Y and scaled to
// half by its translation, rotation and scale, and "hand" one unit along
// the arm's X by a matrix. The boxes have separate accessors and three
// colours.
func Hierarchy() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{
		material("red", [4]float64{0.9, 0.2, 0.2, 1}),
		material("green", [4]float64{0.2, 0.9, 0.2, 1}),
		material("blue", [4]float64{0.2, 0.3, 0.9, 1}),
	}
	for i := range 3 {
		p, err := boxPrimitive(doc, false, gltf.Index(i))
		if err != nil {
			return nil, err
		}
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: fmt.Sprintf("box%d", i), Primitives: []*gltf.Primitive{p}})
	}
	s := math.Sin(math.Pi / 8)
	c := math.Cos(math.Pi / 8)
	hand := gltf.DefaultMatrix
	hand[12] = 1.5 // translation x, column-major
	doc.Nodes = []*gltf.Node{
		{Name: "base", Mesh: gltf.Index(0), Children: []int{1}},
		{Name: "arm", Mesh: gltf.Index(1), Children: []int{2}, Translation: [3]float64{0, 1, 0},
			Rotation: [4]float64{0, s, 0, c}, Scale: [3]float64{0.5, 0.5, 0.5}},
		{Name: "hand", Mesh: gltf.Index(2), Matrix: hand},
	}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// TwoMaterials is one mesh of two primitives: a box in an opaque blue and,
// beside it, a box in a half-transparent (BLEND) yellow that is
// double-sided.
func TwoMaterials() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	yellow := material("yellow", [4]float64{1, 0.9, 0.1, 0.5})
	yellow.AlphaMode = gltf.AlphaBlend
	yellow.DoubleSided = true
	doc.Materials = []*gltf.Material{material("blue", [4]float64{0.2, 0.3, 0.9, 1}), yellow}
	p0, err := boxPrimitive(doc, true, gltf.Index(0))
	if err != nil {
		return nil, err
	}
	// The second box: the same positions moved 1.2 along X.
	pos, nor, _, idx := box()
	for i := range pos {
		pos[i][0] += 1.2
	}
	p1 := &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{
		gltf.POSITION: modeler.WritePosition(doc, pos),
		gltf.NORMAL:   modeler.WriteNormal(doc, nor),
	}, Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: gltf.Index(1)}
	doc.Meshes = []*gltf.Mesh{{Name: "pair", Primitives: []*gltf.Primitive{p0, p1}}}
	doc.Nodes = []*gltf.Node{{Name: "pair", Mesh: gltf.Index(0), Translation: [3]float64{-0.6, 0, 0}}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// Parts is one mesh of n boxes (one primitive each, side 1, spaced 1.5
// along X), each with its own material: a model of n mesh parts.
func Parts(n int) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	var prims []*gltf.Primitive
	for i := range n {
		doc.Materials = append(doc.Materials, material(fmt.Sprintf("m%d", i), [4]float64{float64(i%3) / 2, 0.5, float64(i%2) / 1, 1}))
		pos, nor, uv, idx := box()
		for k := range pos {
			pos[k][0] += 1.5 * float32(i)
		}
		attrs, err := modeler.WritePrimitiveAttributes(doc,
			modeler.PrimitiveAttribute{Name: gltf.POSITION, Data: pos},
			modeler.PrimitiveAttribute{Name: gltf.NORMAL, Data: nor},
			modeler.PrimitiveAttribute{Name: gltf.TEXCOORD_0, Data: uv})
		if err != nil {
			return nil, err
		}
		prims = append(prims, &gltf.Primitive{Attributes: attrs, Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: gltf.Index(i)})
	}
	doc.Meshes = []*gltf.Mesh{{Name: "parts", Primitives: prims}}
	doc.Nodes = []*gltf.Node{{Name: "parts", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// Grid is a wavy square of side 2 in the XZ plane made of 2*cells*cells
// triangles, with normals, texture coordinates and 32-bit indices when
// the vertices need them: Grid(159) has 50,562 triangles.
func Grid(cells int) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	n := cells + 1
	pos := make([][3]float32, 0, n*n)
	nor := make([][3]float32, 0, n*n)
	uv := make([][2]float32, 0, n*n)
	for z := range n {
		for x := range n {
			u, v := float32(x)/float32(cells), float32(z)/float32(cells)
			h := 0.1 * float32(math.Sin(float64(u)*12)*math.Cos(float64(v)*9))
			pos = append(pos, [3]float32{2*u - 1, h, 2*v - 1})
			nor = append(nor, [3]float32{0, 1, 0})
			uv = append(uv, [2]float32{u, v})
		}
	}
	idx := make([]uint32, 0, 6*cells*cells)
	for z := range cells {
		for x := range cells {
			a := uint32(z*n + x)
			b, c, d := a+1, a+uint32(n), a+uint32(n)+1
			idx = append(idx, a, c, b, b, c, d) // counter-clockwise seen from +Y
		}
	}
	attrs, err := modeler.WritePrimitiveAttributes(doc,
		modeler.PrimitiveAttribute{Name: gltf.POSITION, Data: pos},
		modeler.PrimitiveAttribute{Name: gltf.NORMAL, Data: nor},
		modeler.PrimitiveAttribute{Name: gltf.TEXCOORD_0, Data: uv})
	if err != nil {
		return nil, err
	}
	doc.Materials = []*gltf.Material{material("grid", [4]float64{0.3, 0.7, 0.4, 1})}
	doc.Meshes = []*gltf.Mesh{{Name: "grid", Primitives: []*gltf.Primitive{{Attributes: attrs,
		Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: gltf.Index(0)}}}}
	doc.Nodes = []*gltf.Node{{Name: "grid", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc, nil
}

// Save writes doc to file: a .glb holds everything; a .gltf names its
// buffer binURI (percent-encoded as a URI; the file is written under its
// decoded name beside file), with "model.bin" when binURI is "".
func Save(doc *gltf.Document, file, binURI string) error {
	if strings.HasSuffix(file, ".glb") {
		return gltf.SaveBinary(doc, file)
	}
	if binURI == "" {
		binURI = "model.bin"
	}
	for _, b := range doc.Buffers {
		b.URI = binURI
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	e := gltf.NewEncoderFS(f, createFS{filepath.Dir(file)})
	e.AsBinary = false
	e.SetJSONIndent("", " ")
	if err := e.Encode(doc); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// createFS writes the encoder's buffers under their decoded names.
type createFS struct{ dir string }

func (c createFS) Open(name string) (fs.File, error) { return os.Open(filepath.Join(c.dir, name)) }

func (c createFS) Create(name string) (io.WriteCloser, error) {
	dec, err := url.PathUnescape(name)
	if err != nil {
		return nil, err
	}
	return os.Create(filepath.Join(c.dir, filepath.FromSlash(dec)))
}
