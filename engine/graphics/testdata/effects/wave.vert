#version 450
// A mesh effect with a time parameter: the vertices wave along Y by
// their X and the time, and take the vertex colour times Tint.

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    float Time;
    float Amplitude;
    vec4 Tint;
    float Weights[4];
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;

layout(location = 0) out vec4 vColor;

void main() {
    vec3 p = inPosition;
    p.y += Amplitude * sin(3.0 * p.x + Time);
    vColor = inColor * Tint * (Weights[0] + Weights[1] + Weights[2] + Weights[3]);
    gl_Position = WorldViewProjection * vec4(p, 1.0);
}
