#version 450
// A sprite effect writing only location 1: the first target gets nothing.

layout(location = 0) in vec4 Color;
layout(location = 1) out vec4 outSecond;

void main() {
    outSecond = Color;
}
