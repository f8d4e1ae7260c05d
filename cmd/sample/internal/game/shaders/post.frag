#version 450
// The sample's post-process (key G, -post): the frame, drawn into a render
// target, comes back to the back buffer through this sprite effect in
// grayscale (Rec. 709 luma, the same value in red, green and blue),
// darkened towards the corners by Vignette (0: not at all, 1: the corners
// go black).

layout(set = 0, binding = 0) uniform Post {
    float Vignette;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = Color * texture(Texture, TexCoord);
    float luma = dot(c.rgb, vec3(0.2126, 0.7152, 0.0722));
    vec2 d = TexCoord - vec2(0.5);
    float shade = clamp(1.0 - 2.0 * Vignette * dot(d, d), 0.0, 1.0); // dot(d, d) is 0.5 in a corner
    outColor = vec4(vec3(luma * shade), c.a);
}
