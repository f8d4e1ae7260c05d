#version 450
// A fragment shader with a uniform block, two combined samplers, a
// separate texture and sampler, a storage buffer and push constants.

layout(set = 0, binding = 0) uniform Tint {
    vec4 Color;
    float Amount;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;
layout(set = 1, binding = 1) uniform samplerCube Sky;
layout(set = 2, binding = 0) uniform texture2D Separate;
layout(set = 2, binding = 1) uniform sampler Nearest;

layout(std430, set = 3, binding = 0) buffer Data {
    float values[];
} data;

layout(push_constant) uniform Push {
    vec4 extra;
} push;

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec2 vTexCoord;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vColor * texture(Texture, vTexCoord) * Color * Amount + texture(Sky, vec3(vTexCoord, 1.0))
        + texture(sampler2D(Separate, Nearest), vTexCoord) * data.values[1] + push.extra;
}
