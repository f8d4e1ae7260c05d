#version 450
// A sprite effect with a second texture: the sprite's texel times the
// light map's (texture slot 1) at the same coordinate, times the colour.

layout(set = 1, binding = 0) uniform sampler2D Sprite;
layout(set = 2, binding = 0) uniform sampler2D LightMap;

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec2 vTexCoord;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = texture(Sprite, vTexCoord) * texture(LightMap, vTexCoord) * vColor;
}
