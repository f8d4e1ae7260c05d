package geom

import "github.com/go-gl/mathgl/mgl32"

// Point is an integer 2D point or size (XNA's Point): pixels, texels or
// cells.
type Point struct{ X, Y int }

// ToVector2 returns the point as a float vector.
func (p Point) ToVector2() mgl32.Vec2 { return mgl32.Vec2{float32(p.X), float32(p.Y)} }
