#version 450
// The vertex shader of a sprite Effect that brings only a fragment shader:
// the sprite batch has already transformed the positions into clip space,
// so it passes them through with the colour and texture coordinate.
// A game's sprite fragment shader reads Color at location 0 and TexCoord
// at location 1.

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;

layout(location = 0) out vec4 Color;
layout(location = 1) out vec2 TexCoord;

void main() {
    Color = inColor;
    TexCoord = inTexCoord;
    gl_Position = vec4(inPosition, 1.0);
}
