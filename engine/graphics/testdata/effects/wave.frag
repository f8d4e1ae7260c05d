#version 450
// The wave effect's fragment shader: the interpolated colour.

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    float Time;
    float Amplitude;
    vec4 Tint;
    float Weights[4];
};

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vColor;
}
