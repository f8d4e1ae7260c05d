#version 450
// The same cubes drawn one draw each: the offset and colour come from the
// uniform block, set per draw.

layout(set = 0, binding = 0) uniform Params {
    mat4 ViewProjection;
    vec4 Scale;
    vec4 Offset;
    vec4 Tint;
};

layout(location = 0) in vec3 inPosition;
layout(location = 3) in vec3 inNormal;

layout(location = 0) out vec4 vColor;

void main() {
    float light = 0.4 + 0.6 * max(dot(inNormal, normalize(vec3(0.3, 0.6, 0.8))), 0.0);
    vColor = vec4(Tint.rgb * light, 1.0);
    gl_Position = ViewProjection * vec4(inPosition * Scale.x + Offset.xyz, 1.0);
}
