#version 450
// BasicEffect's vertex shader (XNA 4.0's BasicEffect): transforms the
// position, passes the world-space position and normal, vertex colour and
// texture coordinate on. The uniform block mirrors graphics.EffectUniforms
// (std140, 416 bytes). Attributes a vertex declaration lacks come from a
// constant binding: normal (0, 0, 1), colour white, texture coordinate (0, 0).

layout(set = 0, binding = 0) uniform Effect {
    mat4 world;
    mat4 worldViewProj;   // already in Vulkan clip space (Y down, depth 0..1)
    mat4 worldInvTranspose;
    vec4 diffuseColor;    // rgb diffuse (premultiplied by alpha), a alpha
    vec4 emissiveColor;   // rgb emissive plus ambient * diffuse
    vec4 specularColor;   // rgb specular, a power
    vec4 eyePosition;     // xyz camera position (world)
    vec4 lightDirection[3]; // xyz direction the light travels, w 1 when enabled
    vec4 lightDiffuse[3];
    vec4 lightSpecular[3];
    uvec4 flags;          // x: 1 lighting, 2 vertex colour, 4 texture
} u;

layout(location = 0) in vec3 inPosition;
layout(location = 3) in vec3 inNormal;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;

layout(location = 0) out vec3 vWorld;
layout(location = 1) out vec3 vNormal;
layout(location = 2) out vec4 vColor;
layout(location = 3) out vec2 vTexCoord;

void main() {
    vec4 p = vec4(inPosition, 1.0);
    vWorld = (u.world * p).xyz;
    vNormal = mat3(u.worldInvTranspose) * inNormal;
    vColor = inColor;
    vTexCoord = inTexCoord;
    gl_Position = u.worldViewProj * p;
}
