#version 450
// Samples the sky's cube texture by direction (texture slot 0).

layout(set = 1, binding = 0) uniform samplerCube Sky;

layout(location = 0) in vec3 vDirection;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = texture(Sky, vDirection);
}
