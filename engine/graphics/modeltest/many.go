package modeltest

import (
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// ManyPrimitives is one mesh of n primitives, each a small triangle of its
// own place in a square grid of side 2 (its own positions and 16-bit
// indices, its own accessors): a model of n mesh parts, each with its own
// small vertex and index buffer, as a file of many small meshes gives.
func ManyPrimitives(n int) *gltf.Document {
	doc := gltf.NewDocument()
	side := 1
	for side*side < n {
		side++
	}
	cell := float32(2) / float32(side)
	pos := make([][3]float32, 0, 3*n)
	for i := range n {
		x, y := -1+cell*float32(i%side), -1+cell*float32(i/side)
		pos = append(pos, [3]float32{x, y, 0}, [3]float32{x + 0.8*cell, y, 0}, [3]float32{x, y + 0.8*cell, 0})
	}
	// One buffer view for all positions and one for all indices, an
	// accessor per primitive into each.
	pv := modeler.WriteBufferView(doc, gltf.TargetArrayBuffer, pos)
	idx := make([]uint16, 0, 4*n)
	for range n {
		idx = append(idx, 0, 1, 2, 0) // 8 bytes: each accessor starts 4-aligned
	}
	iv := modeler.WriteBufferView(doc, gltf.TargetElementArrayBuffer, idx)
	prims := make([]*gltf.Primitive, n)
	for i := range prims {
		doc.Accessors = append(doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(pv), ByteOffset: 36 * i,
			ComponentType: gltf.ComponentFloat, Count: 3, Type: gltf.AccessorVec3,
			Min: []float64{float64(pos[3*i][0]), float64(pos[3*i][1]), 0},
			Max: []float64{float64(pos[3*i+1][0]), float64(pos[3*i+2][1]), 0}})
		doc.Accessors = append(doc.Accessors, &gltf.Accessor{BufferView: gltf.Index(iv), ByteOffset: 8 * i,
			ComponentType: gltf.ComponentUshort, Count: 3, Type: gltf.AccessorScalar})
		prims[i] = &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: len(doc.Accessors) - 2},
			Indices: gltf.Index(len(doc.Accessors) - 1)}
	}
	doc.Meshes = []*gltf.Mesh{{Name: "many", Primitives: prims}}
	doc.Nodes = []*gltf.Node{{Name: "many", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	return doc
}
