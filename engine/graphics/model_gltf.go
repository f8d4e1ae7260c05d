package graphics

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"net/url"
	"path"
	"strings"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// ErrBadModel: a model file is malformed, refers outside its folder, or
// uses something this loader does not support. The message names the file
// and the element.
var ErrBadModel = errors.New("graphics: bad model")

// maxModelFile bounds each file a model reads (the .gltf or .glb, a
// buffer, an image), so a huge file is refused before it is read.
const maxModelFile = 1 << 30

// modelSupported lists the extensions a file may mark required: the loader
// does what they ask.
var modelSupported = map[string]bool{
	"KHR_materials_unlit":             true,
	"KHR_materials_emissive_strength": true,
}

// modelVertex is the one vertex layout every loaded part uses: position,
// normal, texture coordinate and colour (36 bytes).
type modelVertex struct {
	Position mgl32.Vec3
	Normal   mgl32.Vec3
	Texture  mgl32.Vec2
	Color    Color
}

var declModel = mustDeclaration(36,
	VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition},
	VertexElement{Offset: 12, Format: FormatVector3, Usage: UsageNormal},
	VertexElement{Offset: 24, Format: FormatVector2, Usage: UsageTextureCoordinate},
	VertexElement{Offset: 32, Format: FormatColor, Usage: UsageColor})

// LoadModelFile reads a glTF 2.0 model (.gltf with its buffers and images
// beside it, or .glb) into a Model on dev (rule M1). Buffers and images
// must lie in the file's folder or below it: a URI may not climb out of
// it, and neither may a symlink among its files (one leading elsewhere in
// the folder is followed); file itself, named by the caller, may be a
// symlink to anywhere, and its files are then read beside the link. Only
// regular files are read (a FIFO or a device is refused without waiting
// on it), and of a buffer's file no more than its declared byteLength.
// Bad content is an error wrapping ErrBadModel that names the file and the
// element (rule M2); a missing file is not bad content, a missing buffer
// or image is.
func LoadModelFile(dev *Device, file string) (*Model, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: load model %s: the device is nil: %w", file, ErrInvalid)
	}
	d, err := openModelDir(file)
	if err != nil {
		return nil, fmt.Errorf("graphics: load model %s: %w", file, err)
	}
	defer d.Close()
	return loadModel(dev, d, d.name, file)
}

// LoadModel reads the glTF 2.0 model name (.gltf or .glb) from fsys; its
// buffers and images are read from name's folder in fsys or below it.
// Symlinks are fsys's business (os.DirFS follows them anywhere); only
// what fsys reports as regular files is read, as LoadModelFile does.
func LoadModel(dev *Device, fsys fs.FS, name string) (*Model, error) {
	return loadModel(dev, fsys, name, name)
}

// CheckModelFile reads and checks file as LoadModelFile does, without a
// device: no buffers or textures are made, and images are checked by
// their headers only. A program can refuse a bad model before it opens a
// window.
func CheckModelFile(file string) error {
	d, err := openModelDir(file)
	if err != nil {
		return fmt.Errorf("graphics: load model %s: %w", file, err)
	}
	defer d.Close()
	l := &modelLoader{check: true, fsys: d, name: d.name, dir: ".", model: &Model{}}
	if err := l.load(); err != nil {
		return fmt.Errorf("graphics: load model %s: %w", file, err)
	}
	return nil
}

// loadModel is LoadModel with the file's name for messages.
func loadModel(dev *Device, fsys fs.FS, name, file string) (*Model, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: load model %s: the device is nil: %w", file, ErrInvalid)
	}
	l := &modelLoader{dev: dev, fsys: fsys, name: name, dir: path.Dir(name), model: &Model{}}
	if err := l.load(); err != nil {
		l.model.Dispose()
		return nil, fmt.Errorf("graphics: load model %s: %w", file, err)
	}
	return l.model, nil
}

// modelLoader holds one load's state.
type modelLoader struct {
	check      bool // CheckModelFile: no device, nothing made
	dev        *Device
	fsys       fs.FS
	name, dir  string
	doc        *gltf.Document
	size       int // bytes of content read so far (file, buffers)
	model      *Model
	parts      map[int][]*ModelMeshPart // by glTF mesh
	spheres    map[int]BoundingSphere   // by glTF mesh
	images     map[int]*Texture2D       // by glTF image
	alphaTests map[*gltf.Material]*AlphaTestEffect
}

// bad returns an ErrBadModel error with the message.
func bad(format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, ErrBadModel)...)
}

func (l *modelLoader) load() error {
	data, err := l.readFile(l.name, "model file", -1)
	if err != nil {
		return err
	}
	jsonPart := data
	glb := len(data) >= 4 && string(data[:4]) == "glTF"
	if glb {
		if data, jsonPart, err = checkGLB(data); err != nil {
			return err
		}
	}
	if err := l.precheck(jsonPart, glb); err != nil {
		return err
	}
	// The library reads the GLB's BIN chunk and the base64 data: URIs;
	// the buffers' files are read by checkDocument (readFile's rules).
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(data)).Decode(doc); err != nil {
		return bad("malformed glTF: %v", err)
	}
	l.doc = doc
	if err := l.checkDocument(); err != nil {
		return err
	}
	return l.build()
}

// checkGLB checks a GLB's header and chunk lengths against the bytes the
// file holds, before the library reads them, and returns the file cut to
// its declared length and its JSON chunk.
func checkGLB(b []byte) (file, jsonChunk []byte, err error) {
	if len(b) < 20 {
		return nil, nil, bad("GLB: %d bytes, shorter than a header and a chunk header (20 bytes)", len(b))
	}
	version := binary.LittleEndian.Uint32(b[4:])
	total := binary.LittleEndian.Uint32(b[8:])
	if version != 2 {
		return nil, nil, bad("GLB: version %d, only glTF 2.0 (version 2) is read", version)
	}
	if total < 20 || uint64(total) > uint64(len(b)) {
		return nil, nil, bad("GLB: the header declares %d bytes, the file holds %d", total, len(b))
	}
	b = b[:total]
	off := uint64(12)
	for i := 0; off < uint64(total); i++ {
		if off+8 > uint64(total) {
			return nil, nil, bad("GLB: chunk %d's header at byte %d runs past the %d bytes declared", i, off, total)
		}
		n := uint64(binary.LittleEndian.Uint32(b[off:]))
		typ := binary.LittleEndian.Uint32(b[off+4:])
		if off+8+n > uint64(total) {
			return nil, nil, bad("GLB: chunk %d declares %d bytes at byte %d, past the %d bytes of the file", i, n, off+8, total)
		}
		switch {
		case i == 0 && typ != 0x4E4F534A:
			return nil, nil, bad("GLB: the first chunk is of type %#x, not JSON", typ)
		case i == 0:
			jsonChunk = b[off+8 : off+8+n]
		case i == 1 && typ != 0x004E4942:
			return nil, nil, bad("GLB: the second chunk is of type %#x, not BIN", typ)
		}
		off += 8 + n
	}
	return b, jsonChunk, nil
}

// precheck reads the buffers' and images' URIs before the library does,
// so a URI leaving the model's folder, a malformed data: URI, a buffer
// without a URI or length, or malformed JSON is reported with the element
// it is in (glb: a .glb, whose first buffer may be its BIN chunk).
func (l *modelLoader) precheck(jsonPart []byte, glb bool) error {
	var doc struct {
		Buffers []*struct {
			URI        string `json:"uri"`
			ByteLength int64  `json:"byteLength"`
		} `json:"buffers"`
		Images []struct {
			URI string `json:"uri"`
		} `json:"images"`
	}
	if err := json.Unmarshal(jsonPart, &doc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return bad("malformed JSON at byte %d: %v", se.Offset, err)
		}
		return bad("malformed glTF JSON: %v", err)
	}
	for i, b := range doc.Buffers {
		switch {
		case b == nil:
			return bad("buffer %d is null", i)
		case b.ByteLength < 1 || b.ByteLength > maxModelFile:
			return bad("buffer %d declares byteLength %d; it must be in 1..%d", i, b.ByteLength, maxModelFile)
		case b.URI == "" && !(glb && i == 0):
			return bad("buffer %d has no uri (only a .glb's first buffer is its BIN chunk)", i)
		case strings.HasPrefix(b.URI, "data:"):
			if err := checkDataURI(b.URI); err != nil {
				return fmt.Errorf("buffer %d: %w", i, err)
			}
		case b.URI != "":
			if _, err := l.resolve(b.URI); err != nil {
				return fmt.Errorf("buffer %d: %w", i, err)
			}
		}
	}
	for i, im := range doc.Images {
		if im.URI != "" && !strings.HasPrefix(im.URI, "data:") {
			if _, err := l.resolve(im.URI); err != nil {
				return fmt.Errorf("image %d: %w", i, err)
			}
		}
	}
	return nil
}

// checkDataURI checks a buffer's data: URI as the library will read it:
// base64 of application/octet-stream or application/gltf-buffer, decoded
// here into nothing, so a malformed one is reported with its buffer.
func checkDataURI(uri string) error {
	var payload string
	if p, ok := strings.CutPrefix(uri, "data:application/octet-stream;base64,"); ok {
		payload = p
	} else if p, ok := strings.CutPrefix(uri, "data:application/gltf-buffer;base64,"); ok {
		payload = p
	} else {
		return bad("data: uri %q: a buffer's data: uri must be data:application/octet-stream;base64,... (or application/gltf-buffer)", short(uri))
	}
	if _, err := io.Copy(io.Discard, base64.NewDecoder(base64.StdEncoding, strings.NewReader(payload))); err != nil {
		return bad("data: uri: not base64: %v", err)
	}
	return nil
}

// resolve turns a relative URI into a path of fsys inside the model's
// folder: percent-decoded first (a file "Box With Spaces.bin" is named
// "Box%20With%20Spaces.bin"), then refused if it is absolute, names a
// scheme, or climbs out of the folder.
func (l *modelLoader) resolve(uri string) (string, error) {
	dec, err := url.PathUnescape(uri)
	if err != nil {
		return "", bad("uri %q is not valid percent-encoding", short(uri))
	}
	return l.confine(uri, dec)
}

// confine checks a decoded URI and joins it to the model's folder.
func (l *modelLoader) confine(uri, dec string) (string, error) {
	uri = short(uri)
	if hasControl(dec) {
		return "", bad("uri %q holds a control character: name a file by its name, percent-encoded", uri)
	}
	dec = strings.ReplaceAll(dec, "\\", "/")
	if u, err := url.Parse(dec); err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
		return "", bad("uri %q names a %q resource: only files beside the model are read", uri, u.Scheme+":")
	}
	if path.IsAbs(dec) || (len(dec) >= 2 && dec[1] == ':') {
		return "", bad("uri %q is an absolute path: use a path relative to the model's folder", uri)
	}
	rel := path.Clean(dec)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", bad("uri %q leaves the model's folder: keep the model's files in its folder or below", uri)
	}
	p := path.Join(l.dir, rel)
	if !fs.ValidPath(p) || rel == "." {
		return "", bad("uri %q does not name a file in the model's folder", uri)
	}
	return p, nil
}

// checkDocument checks what the whole document promises: supported
// required extensions and buffers that hold what they declare.
func (l *modelLoader) checkDocument() error {
	for _, e := range l.doc.ExtensionsRequired {
		if !modelSupported[e] {
			return bad("extension %s is required, and this loader does not support it (supported: KHR_materials_unlit, KHR_materials_emissive_strength)", e)
		}
	}
	for i, b := range l.doc.Buffers {
		if b == nil {
			return bad("buffer %d is null", i)
		}
		if b.Data == nil && b.URI != "" && !strings.HasPrefix(b.URI, "data:") {
			p, err := l.resolve(b.URI)
			if err != nil {
				return fmt.Errorf("buffer %d: %w", i, err)
			}
			if b.Data, err = l.readFile(p, fmt.Sprintf("buffer %d", i), int64(b.ByteLength)); err != nil {
				return err
			}
			continue
		}
		if len(b.Data) < b.ByteLength {
			return bad("buffer %d (%q) holds %d bytes, it declares %d", i, short(b.URI), len(b.Data), b.ByteLength)
		}
		l.size += len(b.Data)
	}
	return nil
}

// build makes the bones, the meshes and their parts.
func (l *modelLoader) build() error {
	roots, err := l.roots()
	if err != nil {
		return err
	}
	nodes := l.doc.Nodes
	parent := make([]int, len(nodes))
	for i := range parent {
		parent[i] = -1
	}
	for i, n := range nodes {
		if n == nil {
			return bad("node %d is null", i)
		}
		for _, c := range n.Children {
			switch {
			case c < 0 || c >= len(nodes):
				return bad("node %d: child %d is not a node (the file has %d)", i, c, len(nodes))
			case c == i:
				return bad("node %d is its own child", i)
			case parent[c] >= 0:
				return bad("node %d is a child of nodes %d and %d: a node has one parent", c, parent[c], i)
			}
			parent[c] = i
		}
	}
	m := l.model
	name := ""
	if s := l.scene(); s != nil {
		name = s.Name
	}
	m.Root = &ModelBone{Name: name, Transform: mgl32.Ident4(), Node: -1}
	m.Bones = []*ModelBone{m.Root}
	type item struct {
		node   int
		parent *ModelBone
	}
	seen := make([]bool, len(nodes))
	stack := make([]item, 0, len(roots))
	for i := len(roots) - 1; i >= 0; i-- {
		r := roots[i]
		if r < 0 || r >= len(nodes) {
			return bad("scene: root %d is not a node (the file has %d)", r, len(nodes))
		}
		if parent[r] >= 0 {
			return bad("scene: root node %d is also a child of node %d", r, parent[r])
		}
		stack = append(stack, item{r, m.Root})
	}
	l.parts, l.spheres, l.images = map[int][]*ModelMeshPart{}, map[int]BoundingSphere{}, map[int]*Texture2D{}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[it.node] {
			return bad("node %d is reached twice from the scene (a cycle, or a root listed twice)", it.node)
		}
		seen[it.node] = true
		n := nodes[it.node]
		b := &ModelBone{Name: n.Name, Index: len(m.Bones), Parent: it.parent, Transform: nodeTransform(n), Node: it.node}
		it.parent.Children = append(it.parent.Children, b)
		m.Bones = append(m.Bones, b)
		if n.Mesh != nil {
			if err := l.addMesh(it.node, n, b); err != nil {
				return err
			}
		}
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Children[i], b})
		}
	}
	m.absolute = make([]mgl32.Mat4, len(m.Bones))
	return l.buildAnimation() // skins, animations, morph weights: model_anim.go
}

// scene returns the scene drawn: the document's scene, else the first.
func (l *modelLoader) scene() *gltf.Scene {
	d := l.doc
	if d.Scene != nil && *d.Scene >= 0 && *d.Scene < len(d.Scenes) {
		return d.Scenes[*d.Scene]
	}
	if len(d.Scenes) > 0 {
		return d.Scenes[0]
	}
	return nil
}

// roots returns the scene's root nodes; without scenes, every node
// without a parent.
func (l *modelLoader) roots() ([]int, error) {
	d := l.doc
	if d.Scene != nil && (*d.Scene < 0 || *d.Scene >= len(d.Scenes)) {
		return nil, bad("scene %d is not a scene (the file has %d)", *d.Scene, len(d.Scenes))
	}
	if s := l.scene(); s != nil {
		return s.Nodes, nil
	}
	child := make([]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		if n == nil {
			continue
		}
		for _, c := range n.Children {
			if c >= 0 && c < len(child) {
				child[c] = true
			}
		}
	}
	var roots []int
	for i, c := range child {
		if !c {
			roots = append(roots, i)
		}
	}
	return roots, nil
}

// nodeTransform returns a node's local transform: its matrix, or its
// translation, rotation and scale.
func nodeTransform(n *gltf.Node) mgl32.Mat4 {
	if mat := n.MatrixOrDefault(); mat != gltf.DefaultMatrix {
		var m mgl32.Mat4
		for i, v := range mat {
			m[i] = float32(v)
		}
		return m
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	q := mgl32.Quat{W: float32(r[3]), V: mgl32.Vec3{float32(r[0]), float32(r[1]), float32(r[2])}}
	if l := q.Len(); l > 0 {
		q = q.Scale(1 / l)
	} else {
		q = mgl32.QuatIdent()
	}
	return mgl32.Translate3D(float32(t[0]), float32(t[1]), float32(t[2])).
		Mul4(q.Mat4()).
		Mul4(mgl32.Scale3D(float32(s[0]), float32(s[1]), float32(s[2])))
}

// addMesh attaches glTF mesh n.Mesh, node's, to bone b as a ModelMesh.
func (l *modelLoader) addMesh(node int, n *gltf.Node, b *ModelBone) error {
	mi := *n.Mesh
	if mi < 0 || mi >= len(l.doc.Meshes) || l.doc.Meshes[mi] == nil {
		return bad("node %d: mesh %d is not a mesh (the file has %d)", node, mi, len(l.doc.Meshes))
	}
	mesh := l.doc.Meshes[mi]
	parts, ok := l.parts[mi]
	if !ok {
		var points []mgl32.Vec3
		for pi, p := range mesh.Primitives {
			if p == nil {
				return bad("mesh %d (%q) primitive %d is null", mi, mesh.Name, pi)
			}
			part, pos, err := l.part(p)
			if err != nil {
				return fmt.Errorf("mesh %d (%q) primitive %d: %w", mi, mesh.Name, pi, err)
			}
			if part != nil {
				parts = append(parts, part)
				points = append(points, pos...)
			}
		}
		l.parts[mi], l.spheres[mi] = parts, sphereOf(points)
	}
	name := n.Name
	if name == "" {
		name = mesh.Name
	}
	mm := &ModelMesh{Name: name, ParentBone: b, BoundingSphere: l.spheres[mi], MeshParts: parts}
	for _, p := range parts {
		mm.Effects = append(mm.Effects, p.Effect)
	}
	l.model.Meshes = append(l.model.Meshes, mm)
	return nil
}

// accessor returns accessor i after checking that it reads inside its
// buffer view, so the library allocates no more than the file holds.
func (l *modelLoader) accessor(i int, what string) (*gltf.Accessor, error) {
	d := l.doc
	if i < 0 || i >= len(d.Accessors) || d.Accessors[i] == nil {
		return nil, bad("%s: accessor %d is not an accessor (the file has %d)", what, i, len(d.Accessors))
	}
	a := d.Accessors[i]
	what = fmt.Sprintf("%s: accessor %d", what, i)
	size := gltf.SizeOfElement(a.ComponentType, a.Type)
	if size <= 0 || a.ComponentType > gltf.ComponentUint || a.Type > gltf.AccessorMat4 {
		return nil, bad("%s has an unknown component or element type", what)
	}
	if a.Count < 0 {
		return nil, bad("%s has a negative count %d", what, a.Count)
	}
	if a.BufferView == nil {
		if int64(a.Count)*int64(size) > int64(l.size) {
			return nil, bad("%s declares %d elements without a buffer view, more than the file's %d bytes could describe", what, a.Count, l.size)
		}
	} else if err := l.viewFits(*a.BufferView, a.ByteOffset, a.Count, size, what); err != nil {
		return nil, err
	}
	if s := a.Sparse; s != nil {
		if s.Count < 1 || s.Count > a.Count {
			return nil, bad("%s: sparse count %d, want 1..%d", what, s.Count, a.Count)
		}
		isize := gltf.SizeOfElement(s.Indices.ComponentType, gltf.AccessorScalar)
		switch s.Indices.ComponentType {
		case gltf.ComponentUbyte, gltf.ComponentUshort, gltf.ComponentUint:
		default:
			return nil, bad("%s: sparse indices must be unsigned integers", what)
		}
		if err := l.viewFits(s.Indices.BufferView, s.Indices.ByteOffset, s.Count, isize, what+" sparse indices"); err != nil {
			return nil, err
		}
		if err := l.viewFits(s.Values.BufferView, s.Values.ByteOffset, s.Count, size, what+" sparse values"); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// viewFits checks that count elements of size bytes from offset lie in
// buffer view v, and that v lies in its buffer.
func (l *modelLoader) viewFits(v, offset, count, size int, what string) error {
	d := l.doc
	if v < 0 || v >= len(d.BufferViews) || d.BufferViews[v] == nil {
		return bad("%s: buffer view %d is not a buffer view (the file has %d)", what, v, len(d.BufferViews))
	}
	bv := d.BufferViews[v]
	if bv.Buffer < 0 || bv.Buffer >= len(d.Buffers) {
		return bad("%s: buffer view %d names buffer %d (the file has %d)", what, v, bv.Buffer, len(d.Buffers))
	}
	blen := int64(len(d.Buffers[bv.Buffer].Data))
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || int64(bv.ByteOffset)+int64(bv.ByteLength) > blen {
		return bad("%s: buffer view %d (bytes %d..%d) lies outside buffer %d's %d bytes", what, v, bv.ByteOffset, int64(bv.ByteOffset)+int64(bv.ByteLength), bv.Buffer, blen)
	}
	stride := int64(size)
	if bv.ByteStride != 0 {
		if bv.ByteStride < size || bv.ByteStride > 252 || bv.ByteStride%4 != 0 {
			return bad("%s: buffer view %d has byte stride %d; it must be a multiple of 4 in %d..252", what, v, bv.ByteStride, size)
		}
		stride = int64(bv.ByteStride)
	}
	if offset < 0 {
		return bad("%s: negative byte offset %d", what, offset)
	}
	if count == 0 {
		return nil
	}
	end := int64(offset) + stride*int64(count-1) + int64(size)
	if count > bv.ByteLength || end > int64(bv.ByteLength) {
		return bad("%s: %d elements of %d bytes from byte %d reach byte %d, past the %d bytes of buffer view %d", what, count, size, offset, end, bv.ByteLength, v)
	}
	return nil
}

// part builds the ModelMeshPart of a primitive and returns it with its
// positions (for the bounding sphere); a primitive without positions
// gives nil.
func (l *modelLoader) part(p *gltf.Primitive) (*ModelMeshPart, []mgl32.Vec3, error) {
	pi, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return nil, nil, nil // glTF: such a primitive is not drawn
	}
	var kind PrimitiveType
	switch p.Mode {
	case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
		kind = TriangleList
	case gltf.PrimitiveLines, gltf.PrimitiveLineLoop, gltf.PrimitiveLineStrip:
		kind = LineList
	default:
		return nil, nil, bad("mode %v (points) is not supported: draw points as small meshes", p.Mode)
	}
	pa, err := l.accessor(pi, "POSITION")
	if err != nil {
		return nil, nil, err
	}
	n := pa.Count
	if n == 0 {
		return nil, nil, nil
	}
	get := func(attr string) (*gltf.Accessor, error) {
		i, ok := p.Attributes[attr]
		if !ok {
			return nil, nil
		}
		a, err := l.accessor(i, attr)
		if err != nil {
			return nil, err
		}
		if a.Count != n {
			return nil, bad("%s: accessor %d has %d elements, POSITION has %d", attr, i, a.Count, n)
		}
		return a, nil
	}
	pos, err := modeler.ReadPosition(l.doc, pa, nil)
	if err != nil {
		return nil, nil, bad("POSITION: accessor %d: %v", pi, err)
	}
	var v partVertices
	v.pos = pos
	points := unsafe.Slice((*mgl32.Vec3)(unsafe.Pointer(&pos[0])), len(pos)) // the same layout
	na, err := get(gltf.NORMAL)
	if err != nil {
		return nil, nil, err
	}
	if na != nil {
		if v.nor, err = modeler.ReadNormal(l.doc, na, nil); err != nil {
			return nil, nil, bad("NORMAL: %v", err)
		}
	} else {
		v.nor = make([][3]float32, n)
	}

	mat, err := l.material(p.Material)
	if err != nil {
		return nil, nil, err
	}
	texSet := 0
	if mat.texInfo != nil {
		texSet = mat.texInfo.TexCoord
	}
	ta, err := get(fmt.Sprintf("TEXCOORD_%d", texSet))
	if err != nil {
		return nil, nil, err
	}
	if ta != nil {
		if v.uv, err = modeler.ReadTextureCoord(l.doc, ta, nil); err != nil {
			return nil, nil, bad("TEXCOORD_%d: %v", texSet, err)
		}
	}
	ca, err := get(gltf.COLOR_0)
	if err != nil {
		return nil, nil, err
	}
	if ca != nil {
		col, err := modeler.ReadColor(l.doc, ca, nil)
		if err != nil {
			return nil, nil, bad("COLOR_0: %v", err)
		}
		blended := mat.src != nil && mat.src.AlphaMode == gltf.AlphaBlend
		v.col = make([]Color, n)
		for i, c := range col {
			if !blended {
				c[3] = 255 // glTF: an opaque material ignores the colours' alpha
			}
			v.col[i] = FromNonPremultiplied(c[0], c[1], c[2], c[3])
		}
	}
	part := &ModelMeshPart{NumVertices: n, PrimitiveType: kind}
	if ja, err := get(gltf.JOINTS_0); err != nil {
		return nil, nil, err
	} else if ja != nil {
		if part.Joints, err = modeler.ReadJoints(l.doc, ja, nil); err != nil {
			return nil, nil, bad("JOINTS_0: %v", err)
		}
	}
	if wa, err := get(gltf.WEIGHTS_0); err != nil {
		return nil, nil, err
	} else if wa != nil {
		if part.Weights, err = modeler.ReadWeights(l.doc, wa, nil); err != nil {
			return nil, nil, bad("WEIGHTS_0: %v", err)
		}
	}
	if err := l.partAnimation(p, part, n); err != nil { // morph targets, extra influences: model_anim.go
		return nil, nil, err
	}

	var idx []uint32
	if p.Indices != nil {
		ia, err := l.accessor(*p.Indices, "indices")
		if err != nil {
			return nil, nil, err
		}
		if ia.Type != gltf.AccessorScalar {
			return nil, nil, bad("indices: accessor %d is not SCALAR", *p.Indices)
		}
		if idx, err = modeler.ReadIndices(l.doc, ia, nil); err != nil {
			return nil, nil, bad("indices: accessor %d: %v", *p.Indices, err)
		}
		for i, v := range idx {
			if int64(v) >= int64(n) {
				return nil, nil, bad("indices: accessor %d: index %d (at %d) names a vertex past the %d the primitive has", *p.Indices, v, i, n)
			}
		}
	} else {
		idx = make([]uint32, n)
		for i := range idx {
			idx[i] = uint32(i)
		}
	}
	idx = listOf(p.Mode, idx)
	if kind == TriangleList {
		if na == nil {
			smoothNormals(v.pos, v.nor, idx)
		}
		for i := 0; i+2 < len(idx); i += 3 { // glTF's front faces are counter-clockwise, XNA's clockwise
			idx[i+1], idx[i+2] = idx[i+2], idx[i+1]
		}
		part.PrimitiveCount = len(idx) / 3
	} else {
		part.PrimitiveCount = len(idx) / 2
	}
	if part.PrimitiveCount == 0 {
		return nil, nil, nil
	}
	idx = idx[:kind.VertexCount(part.PrimitiveCount)]
	if err := l.buffers(part, &v, idx); err != nil {
		return nil, nil, err
	}
	keepForPose(part, &v, idx) // skinned and morphing parts: model_pose.go
	part.Effect = l.effect(mat, ca != nil, ta != nil && mat.texture != nil, kind == TriangleList)
	part.BlendState, part.RasterizerState = Opaque, CullCounterClockwise
	if mat.texInfo != nil {
		part.SamplerState, _ = l.modelSampler(mat.texInfo.Index) // model_sampler.go
	}
	if mat.src != nil && mat.src.AlphaMode == gltf.AlphaBlend {
		part.BlendState = AlphaBlend
	}
	if mat.src != nil && mat.src.DoubleSided {
		part.RasterizerState = CullNone
	}
	if mat.src != nil && mat.src.AlphaMode == gltf.AlphaMask && part.Effect.TextureEnabled && !l.check {
		if part.AlphaTest, err = l.alphaTest(mat, part.Effect); err != nil {
			return nil, nil, err
		}
	}
	part.Tag = mat.info
	return part, points, nil
}

// partVertices are a primitive's attributes as read: positions and
// normals always, texture coordinates and colours when it has them.
type partVertices struct {
	pos, nor [][3]float32
	uv       [][2]float32
	col      []Color
}

// interleave returns the vertices laid out for the GPU, and their
// declaration: VertexPositionNormalTexture unless they have colours.
func (v *partVertices) interleave() ([]byte, VertexDeclaration) {
	n := len(v.pos)
	if v.col == nil {
		out := make([]VertexPositionNormalTexture, n)
		for i := range out {
			out[i].Position, out[i].Normal = v.pos[i], v.nor[i]
		}
		if v.uv != nil {
			for i := range out {
				out[i].TextureCoordinate = v.uv[i]
			}
		}
		return bytesOf(out), declPositionNormalTexture
	}
	out := make([]modelVertex, n)
	for i := range out {
		out[i].Position, out[i].Normal, out[i].Color = v.pos[i], v.nor[i], v.col[i]
	}
	if v.uv != nil {
		for i := range out {
			out[i].Texture = v.uv[i]
		}
	}
	return bytesOf(out), declModel
}

// buffers uploads a part's vertices and indices into new buffers.
func (l *modelLoader) buffers(part *ModelMeshPart, v *partVertices, idx []uint32) error {
	if l.check {
		return nil
	}
	n := len(v.pos)
	data, decl := v.interleave()
	vb, err := NewVertexBuffer(l.dev, decl, n)
	if err != nil {
		return err
	}
	l.model.buffers = append(l.model.buffers, vb)
	if err := vb.SetData(0, data); err != nil {
		return err
	}
	size := SixteenBits
	if n > math.MaxUint16+1 {
		size = ThirtyTwoBits
	}
	ib, err := NewIndexBuffer(l.dev, size, len(idx))
	if err != nil {
		return err
	}
	l.model.buffers = append(l.model.buffers, ib)
	if size == ThirtyTwoBits {
		err = SetIndexData(ib, 0, idx)
	} else {
		small := make([]uint16, len(idx))
		for i, v := range idx {
			small[i] = uint16(v)
		}
		err = SetIndexData(ib, 0, small)
	}
	part.VertexBuffer, part.IndexBuffer = vb, ib
	return err
}

// listOf turns strips, fans and loops into lists.
func listOf(mode gltf.PrimitiveMode, idx []uint32) []uint32 {
	switch mode {
	case gltf.PrimitiveTriangleStrip:
		if len(idx) < 3 {
			return nil
		}
		out := make([]uint32, 0, 3*(len(idx)-2))
		for i := 0; i+2 < len(idx); i++ {
			if i%2 == 0 {
				out = append(out, idx[i], idx[i+1], idx[i+2])
			} else {
				out = append(out, idx[i+1], idx[i], idx[i+2])
			}
		}
		return out
	case gltf.PrimitiveTriangleFan:
		if len(idx) < 3 {
			return nil
		}
		out := make([]uint32, 0, 3*(len(idx)-2))
		for i := 1; i+1 < len(idx); i++ {
			out = append(out, idx[0], idx[i], idx[i+1])
		}
		return out
	case gltf.PrimitiveLineStrip, gltf.PrimitiveLineLoop:
		if len(idx) < 2 {
			return nil
		}
		out := make([]uint32, 0, 2*len(idx))
		for i := 0; i+1 < len(idx); i++ {
			out = append(out, idx[i], idx[i+1])
		}
		if mode == gltf.PrimitiveLineLoop {
			out = append(out, idx[len(idx)-1], idx[0])
		}
		return out
	}
	return idx
}

// smoothNormals gives vertices without normals the area-weighted average
// of their triangles' normals (triangles wound counter-clockwise, glTF's
// front).
func smoothNormals(pos, nor [][3]float32, idx []uint32) {
	for i := 0; i+2 < len(idx); i += 3 {
		a, b, c := mgl32.Vec3(pos[idx[i]]), mgl32.Vec3(pos[idx[i+1]]), mgl32.Vec3(pos[idx[i+2]])
		n := b.Sub(a).Cross(c.Sub(a))
		for _, k := range idx[i : i+3] {
			nor[k] = mgl32.Vec3(nor[k]).Add(n)
		}
	}
	for i := range nor {
		if l := mgl32.Vec3(nor[i]).Len(); l > 0 {
			nor[i] = mgl32.Vec3(nor[i]).Mul(1 / l)
		}
	}
}

// modelMat is a material as the loader uses it.
type modelMat struct {
	src     *gltf.Material
	info    *ModelMaterial
	texInfo *gltf.TextureInfo
	texture *Texture2D
}

// material returns material i (nil: glTF's default material).
func (l *modelLoader) material(i *int) (*modelMat, error) {
	mm := &modelMat{info: &ModelMaterial{BaseColorFactor: [4]float32{1, 1, 1, 1}, MetallicFactor: 1, RoughnessFactor: 1, AlphaMode: "OPAQUE", AlphaCutoff: 0.5}}
	if i == nil {
		return mm, nil
	}
	d := l.doc
	if *i < 0 || *i >= len(d.Materials) || d.Materials[*i] == nil {
		return nil, bad("material %d is not a material (the file has %d)", *i, len(d.Materials))
	}
	m := d.Materials[*i]
	mm.src = m
	info := mm.info
	info.Name = m.Name
	info.AlphaMode = m.AlphaMode.String()
	info.AlphaCutoff = float32(m.AlphaCutoffOrDefault())
	info.DoubleSided = m.DoubleSided
	for k := range 3 {
		info.EmissiveFactor[k] = float32(m.EmissiveFactor[k])
	}
	for name, raw := range m.Extensions {
		info.Extensions = append(info.Extensions, name)
		switch name {
		case "KHR_materials_unlit":
			info.Unlit = true
		case "KHR_materials_emissive_strength":
			var v struct {
				EmissiveStrength *float64 `json:"emissiveStrength"`
			}
			if r, ok := raw.(json.RawMessage); ok && json.Unmarshal(r, &v) == nil && v.EmissiveStrength != nil {
				for k := range 3 {
					info.EmissiveFactor[k] *= float32(*v.EmissiveStrength)
				}
			}
		}
	}
	if pbr := m.PBRMetallicRoughness; pbr != nil {
		if f := pbr.BaseColorFactor; f != nil {
			for k := range 4 {
				info.BaseColorFactor[k] = float32(f[k])
			}
		}
		info.MetallicFactor = float32(pbr.MetallicFactorOrDefault())
		info.RoughnessFactor = float32(pbr.RoughnessFactorOrDefault())
		if t := pbr.BaseColorTexture; t != nil {
			tex, err := l.texture(t.Index)
			if err != nil {
				return nil, fmt.Errorf("material %d (%q) base colour texture: %w", *i, m.Name, err)
			}
			if tex != nil {
				mm.texInfo, mm.texture = t, tex
				info.BaseColorTexture = tex
			}
		}
	}
	return mm, nil
}

// effect returns a BasicEffect drawing material m: the base colour as
// DiffuseColor (its alpha as Alpha when blended), the emissive colour,
// XNA's default lighting with a highlight from the roughness.
func (l *modelLoader) effect(m *modelMat, vertexColor, textured, lit bool) *BasicEffect {
	e := NewBasicEffect(l.dev)
	e.EnableDefaultLighting()
	f := m.info.BaseColorFactor
	e.DiffuseColor = mgl32.Vec3{f[0], f[1], f[2]}
	if m.src != nil && m.src.AlphaMode == gltf.AlphaBlend {
		e.Alpha = f[3]
	}
	em := m.info.EmissiveFactor
	e.EmissiveColor = mgl32.Vec3{em[0], em[1], em[2]}
	shine := 1 - m.info.RoughnessFactor
	e.SpecularColor = mgl32.Vec3{shine, shine, shine}.Mul(0.5)
	e.SpecularPower = 8 + 56*shine
	e.LightingEnabled = lit && !m.info.Unlit
	e.VertexColorEnabled = vertexColor
	e.TextureEnabled, e.Texture = textured, nil
	if textured {
		e.Texture = m.texture
	}
	return e
}

// alphaTest returns the AlphaTestEffect that draws a MASK material (one
// per material): the texels whose alpha is at least the cutoff, tinted by
// the base colour, unlit (XNA's AlphaTestEffect has no lights). A MASK
// material without a texture draws opaque with its BasicEffect.
func (l *modelLoader) alphaTest(m *modelMat, basic *BasicEffect) (*AlphaTestEffect, error) {
	if a, ok := l.alphaTests[m.src]; ok {
		return a, nil
	}
	a, err := NewAlphaTestEffect(l.dev)
	if err != nil {
		return nil, fmt.Errorf("material %q (alphaMode MASK): %w", m.info.Name, err)
	}
	l.model.buffers = append(l.model.buffers, a)
	a.Texture = basic.Texture
	a.DiffuseColor = basic.DiffuseColor
	a.VertexColorEnabled = basic.VertexColorEnabled
	a.AlphaFunction = CompareGreaterEqual
	a.ReferenceAlpha = int(math.Round(float64(m.info.AlphaCutoff) * 255))
	if l.alphaTests == nil {
		l.alphaTests = map[*gltf.Material]*AlphaTestEffect{}
	}
	l.alphaTests[m.src] = a
	return a, nil
}

// texture returns the texture of glTF texture i (nil when its image is in
// a format only an extension reads, such as KTX2 or WebP).
func (l *modelLoader) texture(i int) (*Texture2D, error) {
	d := l.doc
	if i < 0 || i >= len(d.Textures) || d.Textures[i] == nil {
		return nil, bad("texture %d is not a texture (the file has %d)", i, len(d.Textures))
	}
	src := d.Textures[i].Source
	if src == nil {
		return nil, nil
	}
	if t, ok := l.images[*src]; ok {
		return t, nil
	}
	if *src < 0 || *src >= len(d.Images) || d.Images[*src] == nil {
		return nil, bad("texture %d: image %d is not an image (the file has %d)", i, *src, len(d.Images))
	}
	im := d.Images[*src]
	what := fmt.Sprintf("image %d (%q)", *src, im.Name)
	var data []byte
	var err error
	switch {
	case im.BufferView != nil:
		v := *im.BufferView
		if err := l.viewFits(v, 0, 0, 1, what); err != nil {
			return nil, err
		}
		data, err = modeler.ReadBufferView(d, d.BufferViews[v])
		if err != nil {
			return nil, bad("%s: %v", what, err)
		}
	case strings.HasPrefix(im.URI, "data:"):
		comma := strings.IndexByte(im.URI, ',')
		if comma < 0 || !strings.HasSuffix(im.URI[:comma], ";base64") {
			return nil, bad("%s: a data: uri must be base64 (data:image/png;base64,...)", what)
		}
		if data, err = base64.StdEncoding.DecodeString(im.URI[comma+1:]); err != nil {
			return nil, bad("%s: data: uri: %v", what, err)
		}
	case im.URI != "":
		p, err := l.resolve(im.URI)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		if data, err = l.readFile(p, what, -1); err != nil {
			return nil, err
		}
	default:
		return nil, bad("%s has neither a uri nor a buffer view", what)
	}
	if l.check {
		if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
			return nil, bad("%s: not a PNG or JPEG image: %v", what, err)
		}
		return nil, nil
	}
	t, err := LoadTexture(l.dev, bytes.NewReader(data), l.textureOptions(i)...) // mipmaps when the sampler reads them: model_sampler.go
	if errors.Is(err, ErrDisposed) {
		return nil, fmt.Errorf("%s: %w", what, err)
	} else if err != nil { // the image's content: not an image, too large
		return nil, fmt.Errorf("%s: %w: %w", what, err, ErrBadModel)
	}
	l.images[*src] = t
	l.model.textures = append(l.model.textures, t)
	return t, nil
}
