#version 450
// DualTextureEffect's fragment shader: Texture times Texture2 times 2
// (a light map that brightens above mid grey and darkens below), times
// the colour, then XNA's linear fog.

layout(set = 0, binding = 0) uniform DualTextureParameters {
    mat4 WorldViewProjection;
    vec4 DiffuseColor;
    vec4 FogVector;
    vec4 FogColor;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;
layout(set = 2, binding = 0) uniform sampler2D Texture2;

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec2 vTexCoord;
layout(location = 2) in vec2 vTexCoord2;
layout(location = 3) in float vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(Texture, vTexCoord);
    c.rgb *= 2.0;
    c *= texture(Texture2, vTexCoord2) * vColor;
    outColor = vec4(mix(c.rgb, FogColor.rgb * c.a, vFog), c.a);
}
