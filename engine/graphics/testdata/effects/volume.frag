#version 450
// Samples a 3D texture (texture slot 0) at the middle of its slices' x
// and y, at r from the vertex shader.

layout(set = 1, binding = 0) uniform sampler3D Volume;

layout(location = 0) flat in float vR;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = texture(Volume, vec3(0.5, 0.5, vR));
}
