#version 450
// Two texture slots: a 2D texture at slot 0 (set 1) and a cube texture
// at slot 1 (set 2), averaged.

layout(set = 1, binding = 0) uniform sampler2D Base;
layout(set = 2, binding = 0) uniform samplerCube Env;

layout(location = 0) in vec3 vDirection;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = 0.5 * (texture(Base, vDirection.xy) + texture(Env, vDirection));
}
