#version 450
// A sprite effect writing a colour at location 4: past the four render
// targets.

layout(location = 0) in vec4 Color;
layout(location = 0) out vec4 outColor;
layout(location = 4) out vec4 outFifth;

void main() {
    outColor = Color;
    outFifth = Color;
}
