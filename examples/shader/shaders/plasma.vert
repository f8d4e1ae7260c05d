#version 450
// The cube's vertex shader: places the vertex and hands the fragment
// shader its object-space position and normal.

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    mat4 World;
    float Time;
};

layout(location = 0) in vec3 inPosition;
layout(location = 3) in vec3 inNormal;

layout(location = 0) out vec3 vPosition;
layout(location = 1) out vec3 vNormal;

void main() {
    vPosition = inPosition;
    vNormal = mat3(World) * inNormal;
    gl_Position = WorldViewProjection * vec4(inPosition, 1.0);
}
