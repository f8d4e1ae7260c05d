#version 450
// A sprite effect writing two colours: location 1 draws into the second
// target of SetRenderTargets.

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;
layout(location = 0) out vec4 outColor;
layout(location = 1) out vec4 outExtra;

void main() {
    outColor = Color;
    outExtra = vec4(TexCoord, 0.0, 1.0);
}
