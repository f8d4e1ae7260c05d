#version 450
// The fragment shader of unlit draws without a texture: the vertex colour.
// Compiled without -O, so vTexCoord stays in its interface (the vertex
// shader writes it; validation warns about an output nobody reads).

layout(location = 0) in vec4 vColor;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 color = vColor;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
