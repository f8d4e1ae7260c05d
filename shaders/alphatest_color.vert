#version 450
// AlphaTestEffect's vertex shader for vertices with colours (VertexColorEnabled): the
// position, the texture coordinate and XNA's linear fog factor.

layout(set = 0, binding = 0) uniform AlphaTest {
    mat4 WorldViewProjection;
    vec4 DiffuseColor;   // rgb premultiplied by alpha, a alpha
    vec4 FogVector;      // fog factor = dot(position, FogVector); zero without fog
    vec4 FogColor;
    uint Function;       // graphics.CompareFunction
    float Reference;     // ReferenceAlpha / 255
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;

layout(location = 0) out vec4 vColor;
layout(location = 1) out vec2 vTexCoord;
layout(location = 2) out float vFog;

void main() {
    vec4 p = vec4(inPosition, 1.0);
    vColor = DiffuseColor * inColor;
    vTexCoord = inTexCoord;
    vFog = clamp(dot(p, FogVector), 0.0, 1.0);
    gl_Position = WorldViewProjection * p;
}
