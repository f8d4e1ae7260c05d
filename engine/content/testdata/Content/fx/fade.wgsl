// A sprite effect in WGSL: the sprite's colour and texel, faded.
struct Params { Fade: f32, }
@group(0) @binding(0) var<uniform> params: Params;
@group(1) @binding(0) var SpriteTexture: texture_2d<f32>;
@group(1) @binding(1) var SpriteSampler: sampler;

@fragment
fn fs_main(@location(0) Color: vec4<f32>, @location(1) TexCoord: vec2<f32>) -> @location(0) vec4<f32> {
    return Color * textureSample(SpriteTexture, SpriteSampler, TexCoord) * params.Fade;
}
