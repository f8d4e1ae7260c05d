#version 450
// Instanced cubes: the cube's vertices per vertex, each instance's offset
// (TexCoord1) and colour (Color1) per instance, lit by one light.

layout(set = 0, binding = 0) uniform Params {
    mat4 ViewProjection;
    vec4 Scale;       // x the cube's scale
    vec4 Offset;      // the separate draws' per-draw offset (unused here)
    vec4 Tint;        // and colour (unused here)
};

layout(location = 0) in vec3 inPosition;
layout(location = 3) in vec3 inNormal;
layout(location = 4) in vec3 inTexCoord1;
layout(location = 5) in vec4 inColor1;

layout(location = 0) out vec4 vColor;

void main() {
    float light = 0.4 + 0.6 * max(dot(inNormal, normalize(vec3(0.3, 0.6, 0.8))), 0.0);
    vColor = vec4(inColor1.rgb * light, 1.0);
    gl_Position = ViewProjection * vec4(inPosition * Scale.x + inTexCoord1, 1.0);
}
