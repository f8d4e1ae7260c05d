#version 450
// A sprite effect writing no colour.

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;

void main() {
    if (Color.a < 0.5) {
        discard;
    }
}
