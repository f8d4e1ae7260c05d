#version 450
// A vertex shader exercising std140 layout: scalars after vectors, vec3
// packing, mat3 columns, arrays of scalars and matrices, nested structs.

struct Light {
    vec3 direction;
    float intensity;
    vec3 color;
};

struct Material {
    vec4 tint;
    Light lights[2];
    mat3 basis;
};

layout(set = 0, binding = 0) uniform Params {
    mat4 WorldViewProjection;
    float Time;
    vec3 Offset;
    vec2 Scale;
    float Weights[3];
    mat4 Bones[2];
    ivec2 Cells;
    uint Flags;
    bool Enabled;
    Material material;
    mat2x3 Skew;
} p;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;
layout(location = 4) in vec4 inTexCoord1;
layout(location = 3) in vec3 inNormal;

layout(location = 0) out vec4 vColor;
layout(location = 1) out vec2 vTexCoord;
layout(location = 2) out vec3 vNormal[2];

void main() {
    vec3 pos = inPosition + p.Offset * p.Time + p.material.lights[1].direction * p.Weights[2];
    pos += p.material.basis * inNormal + p.Skew * vec2(1.0);
    gl_Position = p.WorldViewProjection * p.Bones[1] * vec4(pos * vec3(p.Scale, 1.0), 1.0);
    vColor = inColor * p.material.tint * float(p.Cells.x + int(p.Flags)) * float(p.Enabled) + inTexCoord1;
    vTexCoord = inTexCoord;
    vNormal[0] = inNormal;
    vNormal[1] = p.material.lights[0].color * p.material.lights[0].intensity;
}
