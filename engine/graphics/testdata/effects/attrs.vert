#version 450
// Reads a HalfVector4 tangent, a NormalizedShort4 binormal and a Single
// fog value: the colour is the tangent (its w plus the fog) when Select
// is 0, the binormal when it is 1.

layout(set = 0, binding = 0) uniform Params {
    float Select;
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inTangent;
layout(location = 2) in vec4 inBinormal;
layout(location = 3) in float inFog;

layout(location = 0) out vec4 vColor;

void main() {
    vec4 t = vec4(inTangent.xyz, inTangent.w + inFog);
    vColor = mix(t, inBinormal, Select);
    gl_Position = vec4(inPosition, 1.0);
}
