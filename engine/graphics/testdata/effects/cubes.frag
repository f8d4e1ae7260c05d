#version 450
// The cubes' fragment shader: the interpolated colour.

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vColor;
}
