#version 450
// BasicEffect's vertex shader without lighting (LightingEnabled false, and
// every SpriteBatch draw): the diffuse colour, times the vertex colour when
// it is enabled, and the texture coordinate. It skips basic.vert's three
// lights, whose result such a draw discards, and writes no specular term,
// so its fragment shaders interpolate and add nothing for it. The uniform
// block is basic.vert's, member for member. Compiled without -O, so the
// unused normal stays in the interface (validation warns about an
// attribute the shader does not consume).

struct Effect {
    mat4 world;
    mat4 worldViewProj;   // already in Vulkan clip space (Y down, depth 0..1)
    mat4 worldInvTranspose;
    vec4 diffuseColor;    // rgb diffuse plus emissive (premultiplied by alpha), a alpha
    vec4 emissiveColor;
    vec4 specularColor;
    vec4 eyePosition;
    vec4 lightDirection[3];
    vec4 lightDiffuse[3];
    vec4 lightSpecular[3];
    uvec4 flags;          // x: 1 lighting, 2 vertex colour, 4 texture
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
layout(location = 3) in vec3 inNormal; // unused: declared because the pipeline always feeds it

layout(location = 0) out vec4 vColor;    // premultiplied colour
layout(location = 2) out vec2 vTexCoord;
layout(location = 3) out vec4 vFog;     // rgb fog colour, a fog factor (XNA's linear fog)

const uint VERTEX_COLOR = 2u;

void main() {
    float vertexColor = float((u.flags.x & VERTEX_COLOR) != 0u);
    vColor = u.diffuseColor * mix(vec4(1.0), inColor, vertexColor);
    vTexCoord = inTexCoord;
    vFog = vec4(u.fogColor.rgb, clamp(dot(vec4(inPosition, 1.0), u.fogVector), 0.0, 1.0));
    gl_Position = u.worldViewProj * vec4(inPosition, 1.0);
}
