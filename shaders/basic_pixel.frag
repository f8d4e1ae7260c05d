#version 450
// BasicEffect's fragment shader for per-pixel lighting: basic.vert's three
// directional lights (diffuse and Blinn-Phong specular) evaluated at each
// pixel with the interpolated normal, renormalized, then the texture (a
// white texel without one), the specular light and the fog. Compiled a
// second time with UNTEXTURED defined for draws without a texture (no
// sampling; without -O, so vTexCoord stays in the interface).

struct Effect {
    mat4 world;
    mat4 worldViewProj;
    mat4 worldInvTranspose;
    vec4 diffuseColor;
    vec4 emissiveColor;
    vec4 specularColor;
    vec4 eyePosition;
    vec4 lightDirection[3];
    vec4 lightDiffuse[3];
    vec4 lightSpecular[3];
    uvec4 flags;
    vec4 fogVector;
    vec4 fogColor;
};

// G16: the blocks of up to 128 draws side by side in one uniform buffer
// range (bound once for them all); a draw names its block by its first
// instance (BasicEffect draws no instances): no descriptor work and no
// state change per draw. The array's stride is the block's size (448).
layout(set = 0, binding = 0) uniform Effects { Effect effects[128]; };
layout(location = 5) flat in uint vIndex; // the draw's index (basic_pixel.vert)
#define u effects[vIndex]


#ifndef UNTEXTURED
layout(set = 1, binding = 0) uniform sampler2D tex;
#endif

layout(location = 0) in vec4 vDiffuse;
layout(location = 1) in vec3 vPosition;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;
layout(location = 4) in vec3 vNormal;

layout(location = 0) out vec4 outColor;

void main() {
    vec3 n = normalize(vNormal);
    vec3 e = normalize(u.eyePosition.xyz - vPosition);
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
    vec4 color = vec4(vDiffuse.rgb * lit + u.emissiveColor.rgb, vDiffuse.a);
#ifndef UNTEXTURED
    color *= texture(tex, vTexCoord);
#endif
    color.rgb += spec * u.specularColor.rgb * color.a;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
