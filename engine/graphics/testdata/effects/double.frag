#version 450
// A sprite effect computing in 64-bit floats: it needs the device's
// shaderFloat64 feature (Float64 capability).

layout(location = 0) in vec4 Color;
layout(location = 1) in vec2 TexCoord;
layout(location = 0) out vec4 outColor;

void main() {
    double d = double(Color.r) * 0.5lf;
    outColor = vec4(float(d), Color.gba);
}
