#version 450
// SkinnedEffect's fragment shader for per-vertex lighting: the lit vertex
// colour times the texture, plus the specular light, then the fog (as
// basic.frag). Compiled a second time with UNTEXTURED for an effect
// without a Texture (no sampling; vTexCoord stays in the interface).

#ifndef UNTEXTURED
layout(set = 1, binding = 0) uniform sampler2D Texture;
#endif

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec3 vSpecular;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 color = vColor;
#ifndef UNTEXTURED
    color *= texture(Texture, vTexCoord);
#endif
    color.rgb += vSpecular * color.a;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
