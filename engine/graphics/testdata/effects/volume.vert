#version 450
// Quads whose position's z is the r coordinate of the 3D texture the
// fragment shader samples (texture3d tests).

layout(set = 0, binding = 0) uniform Params {
    mat4 ViewProjection;
};

layout(location = 0) in vec3 inPosition;

layout(location = 0) flat out float vR;

void main() {
    vR = inPosition.z;
    gl_Position = ViewProjection * vec4(inPosition.xy, 0.5, 1.0);
}
