#version 450
// The attrs effect's fragment shader: the vertex colour as it is.

layout(set = 0, binding = 0) uniform Params {
    float Select;
};

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    outColor = vColor;
}
