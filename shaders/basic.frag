#version 450
// BasicEffect's fragment shader: the lit vertex colour times the texture
// (a white texel when the effect has none), plus the specular light.

layout(set = 1, binding = 0) uniform sampler2D tex;

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec3 vSpecular;
layout(location = 2) in vec2 vTexCoord;
layout(location = 3) in vec4 vFog;

layout(location = 0) out vec4 outColor;

void main() {
    // A draw without a texture samples a white texel (no branch on the
    // uniforms, so the driver compiles one variant).
    vec4 color = vColor * texture(tex, vTexCoord);
    color.rgb += vSpecular * color.a;
    color.rgb = mix(color.rgb, vFog.rgb * color.a, vFog.a);
    outColor = color;
}
