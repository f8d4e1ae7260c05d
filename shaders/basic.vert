#version 450
// BasicEffect's vertex shader (XNA 4.0's BasicEffect, its default
// per-vertex lighting): transforms the position and lights the vertex with
// three directional lights (diffuse and Blinn-Phong specular), vertex
// colour included; the fragment shader adds the texture. The uniform block
// mirrors graphics.EffectUniforms (std140, 448 bytes). Attributes a vertex
// declaration lacks come from a constant binding: normal (0, 0, 1), colour
// white, texture coordinate (0, 0).

struct Effect {
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
    vec4 fogVector;       // fog factor = dot(position, fogVector), 0 without fog
    vec4 fogColor;
};

// G16: the blocks of up to 128 draws side by side in one uniform buffer
// range (bound once for them all); a draw names its block by its first
// instance (BasicEffect draws no instances): no descriptor work and no
// state change per draw. The array's stride is the block's size (448).
layout(set = 0, binding = 0) uniform Effects { Effect effects[128]; };
#define u effects[gl_InstanceIndex]


layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;
layout(location = 3) in vec3 inNormal;

layout(location = 0) out vec4 vColor;    // lit, premultiplied colour
layout(location = 1) out vec3 vSpecular; // added after the texture, times its alpha
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec4 vFog;     // rgb fog colour, a fog factor (XNA's linear fog)

const uint LIGHTING = 1u;
const uint VERTEX_COLOR = 2u;

void main() {
    // Branch-free on the uniforms (the flags select with mix), so a driver
    // that specialises shaders on uniform values used in control flow
    // (lavapipe does) compiles one variant, not one per draw state.
    vec4 p = vec4(inPosition, 1.0);
    float vertexColor = float((u.flags.x & VERTEX_COLOR) != 0u);
    float lighting = float((u.flags.x & LIGHTING) != 0u);
    vec4 diffuse = u.diffuseColor * mix(vec4(1.0), inColor, vertexColor);
    vec3 n = normalize(mat3(u.worldInvTranspose) * inNormal);
    vec3 e = normalize(u.eyePosition.xyz - (u.world * p).xyz);
    vec3 lit = vec3(0.0);
    vec3 spec = vec3(0.0);
    for (int i = 0; i < 3; i++) {
        vec3 l = -u.lightDirection[i].xyz;
        float dotL = dot(l, n);
        float on = step(0.0, dotL) * u.lightDirection[i].w; // w: 1 enabled, 0 off
        float dotH = max(dot(normalize(e + l), n), 0.0);
        lit += on * dotL * u.lightDiffuse[i].rgb;
        spec += on * pow(dotH, max(u.specularColor.a, 0.0001)) * u.lightSpecular[i].rgb;
    }
    vColor = vec4(mix(diffuse.rgb, diffuse.rgb * lit + u.emissiveColor.rgb, lighting), diffuse.a);
    vSpecular = lighting * spec * u.specularColor.rgb;
    vTexCoord = inTexCoord;
    vFog = vec4(u.fogColor.rgb, clamp(dot(p, u.fogVector), 0.0, 1.0));
    gl_Position = u.worldViewProj * p;
}
