#version 450
// EnvironmentMapEffect's vertex shader: XNA's per-vertex diffuse lighting
// (three directional lights, no specular), the environment map's
// reflection vector and amount (with the Fresnel term when FresnelFactor
// is not 0), the texture coordinate and the linear fog factor.

layout(set = 0, binding = 0) uniform EnvironmentMapParameters {
    mat4 World;
    mat4 WorldViewProjection;
    mat4 WorldInverseTranspose;
    vec4 DiffuseColor;           // rgb diffuse times alpha, a alpha
    vec4 EmissiveColor;          // rgb (emissive + ambient * diffuse) times alpha
    vec4 EyePosition;            // xyz camera position in world space
    vec4 LightDirection[3];      // xyz unit direction the light travels
    vec4 LightDiffuse[3];        // rgb, zero for a light that is off
    vec4 EnvironmentMapSpecular; // rgb, added times the map's alpha
    vec4 EnvParams;              // x EnvironmentMapAmount, y FresnelFactor, z 1 with the Fresnel term
    vec4 FogVector;              // fog factor = dot(position, FogVector); zero without fog
    vec4 FogColor;
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inTexCoord;

layout(location = 0) out vec4 vDiffuse;
layout(location = 1) out vec4 vAmount; // rgb the map's share, a the fog factor
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec3 vEnvCoord;

void main() {
    vec4 p = vec4(inPosition, 1.0);
    vec3 world = (World * p).xyz;
    vec3 eye = normalize(EyePosition.xyz - world);
    vec3 n = normalize(mat3(WorldInverseTranspose) * inNormal);
    vec3 diffuse = vec3(0.0);
    for (int i = 0; i < 3; i++) {
        diffuse += max(dot(-LightDirection[i].xyz, n), 0.0) * LightDiffuse[i].rgb;
    }
    vDiffuse = vec4(diffuse * DiffuseColor.rgb + EmissiveColor.rgb, DiffuseColor.a);
    float amount = EnvParams.x;
    if (EnvParams.z != 0.0) {
        amount *= pow(max(1.0 - abs(dot(eye, n)), 0.0), EnvParams.y);
    }
    vAmount = vec4(vec3(amount), clamp(dot(p, FogVector), 0.0, 1.0));
    vTexCoord = inTexCoord;
    vEnvCoord = reflect(-eye, n);
    gl_Position = WorldViewProjection * p;
}
