#version 450
// A second pass's fragment shader for the wave vertex shader: half the
// interpolated colour, opaque. It declares no uniform block; the pass
// takes the vertex shader's parameters from the technique's effect.

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vec4(vColor.rgb * 0.5, 1.0);
}
