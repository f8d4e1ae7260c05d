#version 450
// BasicEffect's vertex shader for per-pixel lighting (LightingEnabled and
// PreferPerPixelLighting): it transforms the position and hands the
// world-space position and normal to the fragment shader, which lights
// each pixel (basic_pixel.frag); the fog factor stays per vertex, as in
// XNA. The uniform block is basic.vert's, member for member.

struct Effect {
    mat4 world;
    mat4 worldViewProj;   // already in Vulkan clip space (Y down, depth 0..1)
    mat4 worldInvTranspose;
    vec4 diffuseColor;    // rgb diffuse (premultiplied by alpha), a alpha
    vec4 emissiveColor;   // rgb emissive plus ambient * diffuse
    vec4 specularColor;   // rgb specular, a power
    vec4 eyePosition;     // xyz camera position (world)
    vec4 lightDirection[3]; // xyz direction the light travels, w 1 when enabled
    vec4 lightDiffuse[3];
    vec4 lightSpecular[3];
    uvec4 flags;          // x: 1 lighting, 2 vertex colour, 4 texture, 8 per pixel
    vec4 fogVector;       // fog factor = dot(position, fogVector), 0 without fog
    vec4 fogColor;
};

// G16: the blocks of up to 128 draws side by side in one uniform buffer
// range (bound once for them all); a draw names its block by its first
// instance (BasicEffect draws no instances): no descriptor work and no
// state change per draw. The array's stride is the block's size (448).
layout(set = 0, binding = 0) uniform Effects { Effect effects[128]; };
#define u effects[gl_InstanceIndex]


layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;
layout(location = 3) in vec3 inNormal;

layout(location = 0) out vec4 vDiffuse;  // diffuse times vertex colour, premultiplied
layout(location = 1) out vec3 vPosition; // world space
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec4 vFog;      // rgb fog colour, a fog factor (XNA's linear fog)
layout(location = 4) out vec3 vNormal;   // world space, normalized per pixel

const uint VERTEX_COLOR = 2u;

layout(location = 5) flat out uint vIndex; // the draw's index, for the fragment shader

void main() {
    vIndex = uint(gl_InstanceIndex);
    vec4 p = vec4(inPosition, 1.0);
    float vertexColor = float((u.flags.x & VERTEX_COLOR) != 0u);
    vDiffuse = u.diffuseColor * mix(vec4(1.0), inColor, vertexColor);
    vPosition = (u.world * p).xyz;
    vNormal = mat3(u.worldInvTranspose) * inNormal;
    vTexCoord = inTexCoord;
    vFog = vec4(u.fogColor.rgb, clamp(dot(p, u.fogVector), 0.0, 1.0));
    gl_Position = u.worldViewProj * p;
}
