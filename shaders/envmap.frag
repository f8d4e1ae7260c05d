#version 450
// EnvironmentMapEffect's fragment shader: the texel times the lit colour,
// blended towards the environment map (times the colour's alpha) by the
// vertex's amount, plus EnvironmentMapSpecular times the map's alpha,
// then XNA's linear fog.

layout(set = 0, binding = 0) uniform EnvironmentMapParameters {
    mat4 World;
    mat4 WorldViewProjection;
    mat4 WorldInverseTranspose;
    vec4 DiffuseColor;
    vec4 EmissiveColor;
    vec4 EyePosition;
    vec4 LightDirection[3];
    vec4 LightDiffuse[3];
    vec4 EnvironmentMapSpecular;
    vec4 EnvParams;
    vec4 FogVector;
    vec4 FogColor;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;
layout(set = 2, binding = 0) uniform samplerCube EnvironmentMap;

layout(location = 0) in vec4 vDiffuse;
layout(location = 1) in vec4 vAmount;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec3 vEnvCoord;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(Texture, vTexCoord) * vDiffuse;
    vec4 env = texture(EnvironmentMap, vEnvCoord) * c.a;
    c.rgb = mix(c.rgb, env.rgb, vAmount.rgb);
    c.rgb += EnvironmentMapSpecular.rgb * env.a;
    outColor = vec4(mix(c.rgb, FogColor.rgb * c.a, vAmount.a), c.a);
}
