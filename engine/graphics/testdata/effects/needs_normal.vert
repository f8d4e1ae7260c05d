#version 450
// A vertex shader reading a normal and a second texture coordinate: a
// declaration without them is an error naming the input.

layout(location = 0) in vec3 inPosition;
layout(location = 3) in vec3 inNormal;
layout(location = 4) in vec2 inTexCoord1;

layout(location = 0) out vec4 vColor;

void main() {
    vColor = vec4(inNormal * 0.5 + 0.5, 1.0) + vec4(inTexCoord1, 0.0, 0.0);
    gl_Position = vec4(inPosition, 1.0);
}
