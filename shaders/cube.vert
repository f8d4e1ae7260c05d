#version 450
// Vertex shader of the lit cube. The uniform block layout is mirrored by
// renderer/vulkan's uniform type (std140: four-float columns, 160 bytes).

layout(set = 0, binding = 0) uniform Transforms {
    mat4 mvp;          // projection * view * model, already in Vulkan clip space
    mat4 normalMatrix; // inverse transpose of model (world-space normals)
    vec4 lightDir;     // xyz: unit direction towards the light (world); w: ambient level
    vec4 color;        // rgb: surface colour; a: unused
} u;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(location = 0) out vec3 vNormal;

void main() {
    vNormal = mat3(u.normalMatrix) * inNormal;
    gl_Position = u.mvp * vec4(inPosition, 1.0);
}
