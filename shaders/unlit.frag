#version 450
// The fragment shader of unlit draws with a texture (every SpriteBatch
// draw): the vertex colour times the texel.

layout(set = 1, binding = 0) uniform sampler2D tex;

layout(location = 0) in vec4 vColor;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 color = vColor * texture(tex, vTexCoord);
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
