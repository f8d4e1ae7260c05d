#version 450
// DualTextureEffect's vertex shader: the position, both texture
// coordinates, the material colour (times the vertex colour when COLOR is
// defined) and XNA's linear fog factor.

layout(set = 0, binding = 0) uniform DualTextureParameters {
    mat4 WorldViewProjection;
    vec4 DiffuseColor; // rgb premultiplied by alpha, a alpha
    vec4 FogVector;    // fog factor = dot(position, FogVector); zero without fog
    vec4 FogColor;
};

layout(location = 0) in vec3 inPosition;
#ifdef COLOR
layout(location = 1) in vec4 inColor;
#endif
layout(location = 2) in vec2 inTexCoord;
layout(location = 3) in vec2 inTexCoord1;

layout(location = 0) out vec4 vColor;
layout(location = 1) out vec2 vTexCoord;
layout(location = 2) out vec2 vTexCoord2;
layout(location = 3) out float vFog;

void main() {
    vec4 p = vec4(inPosition, 1.0);
    vColor = DiffuseColor;
#ifdef COLOR
    vColor *= inColor;
#endif
    vTexCoord = inTexCoord;
    vTexCoord2 = inTexCoord1;
    vFog = clamp(dot(p, FogVector), 0.0, 1.0);
    gl_Position = WorldViewProjection * p;
}
