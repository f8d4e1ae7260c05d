#version 450
// BasicEffect's fragment shader: XNA 4.0's lighting (three directional
// lights, diffuse and Blinn-Phong specular, per pixel), vertex colour and
// texture, each switched by the draw's shader variant (a specialization
// constant; the uniform block's flags carry the same bits).

layout(set = 0, binding = 0) uniform Effect {
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
} u;

layout(set = 1, binding = 0) uniform sampler2D tex;

layout(location = 0) in vec3 vWorld;
layout(location = 1) in vec3 vNormal;
layout(location = 2) in vec4 vColor;
layout(location = 3) in vec2 vTexCoord;

layout(location = 0) out vec4 outColor;

// VARIANT is the draw's ShaderVariant (the flags below), fixed per
// pipeline as a specialization constant, so a variant's unused paths are
// compiled out rather than branched around per pixel.
layout(constant_id = 0) const uint VARIANT = 7u;

const uint LIGHTING = 1u;
const uint VERTEX_COLOR = 2u;
const uint TEXTURE = 4u;

void main() {
    vec4 diffuse = u.diffuseColor;
    if ((VARIANT & VERTEX_COLOR) != 0u) {
        diffuse *= vColor;
    }
    vec4 color = diffuse;
    if ((VARIANT & LIGHTING) != 0u) {
        vec3 n = normalize(vNormal);
        vec3 e = normalize(u.eyePosition.xyz - vWorld);
        vec3 lit = vec3(0.0);
        vec3 spec = vec3(0.0);
        for (int i = 0; i < 3; i++) {
            if (u.lightDirection[i].w == 0.0) {
                continue;
            }
            vec3 l = -u.lightDirection[i].xyz;
            float dotL = dot(l, n);
            float zeroL = step(0.0, dotL);
            float dotH = max(dot(normalize(e + l), n), 0.0);
            lit += zeroL * dotL * u.lightDiffuse[i].rgb;
            spec += pow(dotH * zeroL, max(u.specularColor.a, 0.0001)) * u.lightSpecular[i].rgb;
        }
        color.rgb = diffuse.rgb * lit + u.emissiveColor.rgb;
        color.rgb += spec * u.specularColor.rgb * color.a;
    }
    if ((VARIANT & TEXTURE) != 0u) {
        color *= texture(tex, vTexCoord);
    }
    outColor = color;
}
