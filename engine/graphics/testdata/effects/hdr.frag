#version 450
// The HDR effect's fragment shader: Value as it is, above 1 or below 0.

layout(set = 0, binding = 0) uniform Params {
    vec4 Value;
};

layout(location = 0) out vec4 outColor;

void main() {
    outColor = Value;
}
