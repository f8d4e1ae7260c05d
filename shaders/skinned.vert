#version 450
// SkinnedEffect's vertex shader (XNA 4.0's SkinnedEffect): each vertex is
// moved by the weighted sum of up to four bones (linear blend skinning,
// WeightsPerVertex of them: 1, 2 or 4), then transformed and lit as
// BasicEffect lights it: per vertex (basic.vert's three directional
// lights, diffuse and Blinn-Phong specular), or with PER_PIXEL the
// world-space position and normal go to the fragment shader, which lights
// each pixel (skinned_pixel.frag). Compiled with MAX_BONES 72 (XNA's
// limit) and 256 (the larger path). The block's members up to FogColor
// are graphics.EffectUniforms, byte for byte (448 bytes); the bones
// follow, three vec4 rows of each bone's affine matrix.

#ifndef MAX_BONES
#define MAX_BONES 72
#endif

layout(set = 0, binding = 0) uniform Skinned {
    mat4 World;
    mat4 WorldViewProjection;   // already in Vulkan clip space (Y down, depth 0..1)
    mat4 WorldInverseTranspose;
    vec4 DiffuseColor;    // rgb diffuse (premultiplied by alpha), a alpha
    vec4 EmissiveColor;   // rgb emissive plus ambient * diffuse
    vec4 SpecularColor;   // rgb specular, a power
    vec4 EyePosition;     // xyz camera position (world)
    vec4 LightDirection[3]; // xyz direction the light travels, w 1 when enabled
    vec4 LightDiffuse[3];
    vec4 LightSpecular[3];
    uvec4 Flags;          // x: 1 lighting; y: weights per vertex (1, 2 or 4)
    vec4 FogVector;       // fog factor = dot(position, FogVector), 0 without fog
    vec4 FogColor;
    vec4 Bones[MAX_BONES * 3]; // bone i: rows 3i..3i+2 of its 3x4 matrix
};

layout(location = 0) in vec3 inPosition;
layout(location = 2) in vec2 inTexCoord;
layout(location = 3) in vec3 inNormal;
layout(location = 4) in vec4 inBlendIndices; // integers, as floats (scaled formats)
layout(location = 5) in vec4 inBlendWeight;

#ifdef PER_PIXEL
layout(location = 0) out vec4 vDiffuse;  // diffuse, premultiplied
layout(location = 1) out vec3 vPosition; // world space
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec4 vFog;      // rgb fog colour, a fog factor
layout(location = 4) out vec3 vNormal;   // world space, normalized per pixel
#else
layout(location = 0) out vec4 vColor;    // lit, premultiplied colour
layout(location = 1) out vec3 vSpecular; // added after the texture, times its alpha
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec4 vFog;      // rgb fog colour, a fog factor (XNA's linear fog)
#endif

const uint LIGHTING = 1u;

void main() {
    // The weights past WeightsPerVertex count for nothing (branch-free:
    // a driver that specialises on uniforms in control flow compiles one
    // variant). Indices are clamped into the array.
    uint n = Flags.y;
    vec4 w = inBlendWeight * vec4(1.0, float(n >= 2u), float(n >= 4u), float(n >= 4u));
    ivec4 j = clamp(ivec4(inBlendIndices + 0.5), ivec4(0), ivec4(MAX_BONES - 1)) * 3;
    vec4 r0 = w.x * Bones[j.x] + w.y * Bones[j.y] + w.z * Bones[j.z] + w.w * Bones[j.w];
    vec4 r1 = w.x * Bones[j.x + 1] + w.y * Bones[j.y + 1] + w.z * Bones[j.z + 1] + w.w * Bones[j.w + 1];
    vec4 r2 = w.x * Bones[j.x + 2] + w.y * Bones[j.y + 2] + w.z * Bones[j.z + 2] + w.w * Bones[j.w + 2];
    vec4 p0 = vec4(inPosition, 1.0);
    vec4 p = vec4(dot(r0, p0), dot(r1, p0), dot(r2, p0), 1.0);
    vec3 sn = vec3(dot(r0.xyz, inNormal), dot(r1.xyz, inNormal), dot(r2.xyz, inNormal));

    float lighting = float((Flags.x & LIGHTING) != 0u);
    vTexCoord = inTexCoord;
    vFog = vec4(FogColor.rgb, clamp(dot(p, FogVector), 0.0, 1.0));
    gl_Position = WorldViewProjection * p;
#ifdef PER_PIXEL
    vDiffuse = DiffuseColor;
    vPosition = (World * p).xyz;
    vNormal = mat3(WorldInverseTranspose) * sn;
#else
    vec3 nw = normalize(mat3(WorldInverseTranspose) * sn);
    vec3 e = normalize(EyePosition.xyz - (World * p).xyz);
    vec3 lit = vec3(0.0);
    vec3 spec = vec3(0.0);
    for (int i = 0; i < 3; i++) {
        vec3 l = -LightDirection[i].xyz;
        float dotL = dot(l, nw);
        float on = step(0.0, dotL) * LightDirection[i].w; // w: 1 enabled, 0 off
        float dotH = max(dot(normalize(e + l), nw), 0.0);
        lit += on * dotL * LightDiffuse[i].rgb;
        spec += on * pow(dotH, max(SpecularColor.a, 0.0001)) * LightSpecular[i].rgb;
    }
    vColor = vec4(mix(DiffuseColor.rgb, DiffuseColor.rgb * lit + EmissiveColor.rgb, lighting), DiffuseColor.a);
    vSpecular = lighting * spec * SpecularColor.rgb;
#endif
}
