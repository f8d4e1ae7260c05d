#version 450
// Fragment shader of the scene: one directional light plus ambient, on the
// colour the vertex shader passes (the cube's, or an object's).

layout(set = 0, binding = 0) uniform Transforms {
    mat4 mvp;
    mat4 normalMatrix;
    vec4 lightDir;
    vec4 color;
} u;

layout(location = 0) in vec3 vNormal;
layout(location = 1) flat in vec3 vColor;

layout(location = 0) out vec4 outColor;

void main() {
    float diffuse = max(dot(normalize(vNormal), u.lightDir.xyz), 0.0);
    float light = min(u.lightDir.w + diffuse, 1.0);
    outColor = vec4(vColor * light, 1.0);
}
