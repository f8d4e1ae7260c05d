#version 450
// BasicEffect's fragment shader for draws without a texture: the lit
// vertex colour plus the specular light (no sampling, which costs a
// software rasteriser as much as the rest of the shading). Compiled
// without -O, so vTexCoord stays in its interface: the vertex shader
// writes it, and validation warns about an output nobody reads.

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec3 vSpecular;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 color = vColor;
    color.rgb += vSpecular * color.a;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
