#version 450
// The wave effect's fragment shader with a block that differs from the
// vertex shader's in one member (Amplitude is a vec2).

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    float Time;
    vec2 Amplitude;
    vec4 Tint;
    float Weights[4];
};

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vColor;
}
