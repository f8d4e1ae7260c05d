#version 450
// SkinnedEffect's fragment shader for PreferPerPixelLighting: the three
// directional lights (diffuse and Blinn-Phong specular) evaluated at each
// pixel with the interpolated normal, renormalized, then the texture, the
// specular light and the fog (as basic_pixel.frag). The block is
// skinned.vert's, member for member (MAX_BONES as there); compiled a
// second time with UNTEXTURED for an effect without a Texture.

#ifndef MAX_BONES
#define MAX_BONES 72
#endif

layout(set = 0, binding = 0) uniform Skinned {
    mat4 World;
    mat4 WorldViewProjection;
    mat4 WorldInverseTranspose;
    vec4 DiffuseColor;
    vec4 EmissiveColor;
    vec4 SpecularColor;
    vec4 EyePosition;
    vec4 LightDirection[3];
    vec4 LightDiffuse[3];
    vec4 LightSpecular[3];
    uvec4 Flags;
    vec4 FogVector;
    vec4 FogColor;
    vec4 Bones[MAX_BONES * 3];
};

#ifndef UNTEXTURED
layout(set = 1, binding = 0) uniform sampler2D Texture;
#endif

layout(location = 0) in vec4 vDiffuse;
layout(location = 1) in vec3 vPosition;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;
layout(location = 4) in vec3 vNormal;

layout(location = 0) out vec4 outColor;

const uint LIGHTING = 1u;

void main() {
    vec3 n = normalize(vNormal);
    vec3 e = normalize(EyePosition.xyz - vPosition);
    vec3 lit = vec3(0.0);
    vec3 spec = vec3(0.0);
    for (int i = 0; i < 3; i++) {
        vec3 l = -LightDirection[i].xyz;
        float dotL = dot(l, n);
        float on = step(0.0, dotL) * LightDirection[i].w; // w: 1 enabled, 0 off
        float dotH = max(dot(normalize(e + l), n), 0.0);
        lit += on * dotL * LightDiffuse[i].rgb;
        spec += on * pow(dotH, max(SpecularColor.a, 0.0001)) * LightSpecular[i].rgb;
    }
    float lighting = float((Flags.x & LIGHTING) != 0u);
    vec4 color = vec4(mix(vDiffuse.rgb, vDiffuse.rgb * lit + EmissiveColor.rgb, lighting), vDiffuse.a);
#ifndef UNTEXTURED
    color *= texture(Texture, vTexCoord);
#endif
    color.rgb += lighting * spec * SpecularColor.rgb * color.a;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
