#version 450
// A full-target effect for HDR render targets: positions in clip space,
// the colour a uniform that may exceed 1.

layout(set = 0, binding = 0) uniform Params {
    vec4 Value;
};

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = vec4(inPosition, 1.0);
}
