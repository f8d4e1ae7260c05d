#version 450
// Vertex shader of the scene: the lit cube (instance 0) and up to
// MAX_OBJECTS extra objects (instances 1 to MAX_OBJECTS, drawn with the
// sphere mesh). The uniform block layout is mirrored by renderer/vulkan's
// uniforms type (std140, 496 bytes); MAX_OBJECTS is its MaxObjects.

#define MAX_OBJECTS 8

struct Object {
    vec4 posScale; // xyz: centre (world); w: scale (the mesh has size 1)
    vec4 color;    // rgb: surface colour; a: unused
};

layout(set = 0, binding = 0) uniform Transforms {
    mat4 mvp;          // projection * view * model, already in Vulkan clip space
    mat4 normalMatrix; // inverse transpose of model (world-space normals)
    vec4 lightDir;     // xyz: unit direction towards the light (world); w: ambient level
    vec4 color;        // rgb: the cube's surface colour; a: unused
    mat4 viewProj;     // projection * view, in Vulkan clip space (objects)
    uvec4 count;       // x: objects in use (0 to MAX_OBJECTS)
    Object objects[MAX_OBJECTS];
} u;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(location = 0) out vec3 vNormal;
layout(location = 1) flat out vec3 vColor;

void main() {
    if (gl_InstanceIndex == 0) {
        vNormal = mat3(u.normalMatrix) * inNormal;
        vColor = u.color.rgb;
        gl_Position = u.mvp * vec4(inPosition, 1.0);
        return;
    }
    uint i = uint(gl_InstanceIndex - 1);
    vNormal = inNormal;
    if (i >= u.count.x) {
        // Unused slot: every vertex at one point outside the clip volume,
        // so its triangles are clipped away and nothing is rasterised.
        vColor = vec3(0.0);
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    Object o = u.objects[i];
    vColor = o.color.rgb;
    gl_Position = u.viewProj * vec4(o.posScale.xyz + o.posScale.w * inPosition, 1.0);
}
