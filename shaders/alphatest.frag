#version 450
// AlphaTestEffect's fragment shader: the texel times the colour, dropped
// unless its alpha passes the test (Function against Reference), then
// XNA's linear fog.

layout(set = 0, binding = 0) uniform AlphaTest {
    mat4 WorldViewProjection;
    vec4 DiffuseColor;
    vec4 FogVector;
    vec4 FogColor;
    uint Function;
    float Reference;
};

layout(set = 1, binding = 0) uniform sampler2D Texture;

layout(location = 0) in vec4 vColor;
layout(location = 1) in vec2 vTexCoord;
layout(location = 2) in float vFog;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(Texture, vTexCoord) * vColor;
    float a = c.a;
    float eps = 0.5 / 255.0;
    bool pass;
    switch (Function) {
    case 0u: pass = a <= Reference + eps; break;       // LessEqual
    case 1u: pass = a < Reference - eps; break;        // Less
    case 2u: pass = abs(a - Reference) < eps; break;   // Equal
    case 3u: pass = a >= Reference - eps; break;       // GreaterEqual
    case 4u: pass = a > Reference + eps; break;        // Greater
    case 5u: pass = abs(a - Reference) >= eps; break;  // NotEqual
    case 6u: pass = true; break;                       // Always
    default: pass = false; break;                      // Never
    }
    if (!pass) {
        discard;
    }
    outColor = vec4(mix(c.rgb, FogColor.rgb * a, vFog), a);
}
