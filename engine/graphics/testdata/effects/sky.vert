#version 450
// A sky box: a cube of positions around the camera, each vertex's
// direction handed to the fragment shader to sample the cube texture by.

layout(set = 0, binding = 0) uniform Params {
    mat4 ViewProjection;
};

layout(location = 0) in vec3 inPosition;

layout(location = 0) out vec3 vDirection;

void main() {
    vDirection = inPosition;
    gl_Position = ViewProjection * vec4(inPosition, 1.0);
}
