#version 450
// The cube's fragment shader: a plasma of sines over the surface that
// moves with Time, lit by one light from the camera's side.

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    mat4 World;
    float Time;
};

layout(location = 0) in vec3 vPosition;
layout(location = 1) in vec3 vNormal;

layout(location = 0) out vec4 outColor;

void main() {
    vec3 p = vPosition * 4.0;
    float v = sin(p.x + Time) + sin(p.y * 1.3 - Time * 0.7) + sin((p.x + p.y + p.z) * 0.8 + Time * 1.1);
    vec3 c = 0.5 + 0.5 * cos(v + vec3(0.0, 2.1, 4.2));
    float light = 0.35 + 0.65 * max(dot(normalize(vNormal), normalize(vec3(0.3, 0.5, 1.0))), 0.0);
    outColor = vec4(c * light, 1.0);
}
