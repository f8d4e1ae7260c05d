#version 450
// A sprite effect: a CRT look over sprites and text. Each column keeps
// one of red, green and blue, every other row is darker, and a bright band
// rolls down the screen with Time.

layout(set = 0, binding = 0) uniform Crt {
    float Time;
    float Height;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = Color * texture(Texture, TexCoord);
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 mask = vec3(0.45);
    mask[p.x % 3] = 1.0;
    float row = (p.y % 2 == 0) ? 1.0 : 0.6;
    float band = 1.0 + 0.5 * exp(-pow((gl_FragCoord.y - mod(Time * 120.0, Height)) / 12.0, 2.0));
    outColor = vec4(c.rgb * mask * row * band, c.a);
}
