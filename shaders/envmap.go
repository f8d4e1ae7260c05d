package shaders

import _ "embed"

//go:embed envmap.vert.spv
var envMapVert []byte

//go:embed envmap.frag.spv
var envMapFrag []byte

// EnvironmentMapVertex and EnvironmentMapFragment return the SPIR-V bytes
// of EnvironmentMapEffect's shaders (envmap.vert, envmap.frag). The
// slices are shared: do not modify them.
func EnvironmentMapVertex() []byte { return envMapVert }

// EnvironmentMapFragment: see EnvironmentMapVertex.
func EnvironmentMapFragment() []byte { return envMapFrag }
