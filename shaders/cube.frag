#version 450
// Fragment shader of the lit cube: one directional light plus ambient.

layout(set = 0, binding = 0) uniform Transforms {
    mat4 mvp;
    mat4 normalMatrix;
    vec4 lightDir;
    vec4 color;
} u;

layout(location = 0) in vec3 vNormal;

layout(location = 0) out vec4 outColor;

void main() {
    float diffuse = max(dot(normalize(vNormal), u.lightDir.xyz), 0.0);
    float light = min(u.lightDir.w + diffuse, 1.0);
    outColor = vec4(u.color.rgb * light, 1.0);
}
