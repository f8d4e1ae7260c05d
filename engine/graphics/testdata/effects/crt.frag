#version 450
// A sprite effect: a CRT mask over sprites and text. Every third column
// keeps one channel (red, green, blue), every other row is dimmed by
// Strength.

layout(set = 0, binding = 0) uniform Crt {
    float Strength;
    vec4 Tint;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = Color * texture(Texture, TexCoord) * Tint;
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 mask = vec3(0.35);
    mask[p.x % 3] = 1.0;
    float row = (p.y % 2 == 0) ? 1.0 : 1.0 - Strength;
    outColor = vec4(c.rgb * mask * row, c.a);
}
