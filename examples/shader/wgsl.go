package main

// The WGSL twins of the GLSL effects in shaders/: the same plasma and CRT
// effects, written only as Go strings and compiled in-process by
// graphics.NewEffectWGSL (no glslc, no go generate). -wgsl uses them.

// plasmaWGSL is plasma.vert and plasma.frag in one WGSL module: one
// uniform struct serves both entry points.
const plasmaWGSL = `
struct Params {
    WorldViewProjection: mat4x4<f32>,
    World: mat4x4<f32>,
    Time: f32,
}

@group(0) @binding(0) var<uniform> params: Params;

struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) vPosition: vec3<f32>,
    @location(1) vNormal: vec3<f32>,
}

// The vertex inputs are named after the vertex elements that feed them.
@vertex
fn vs_main(@location(0) Position: vec3<f32>, @location(3) Normal: vec3<f32>) -> VertexOutput {
    var o: VertexOutput;
    let w = params.World;
    o.vPosition = Position;
    o.vNormal = mat3x3<f32>(w[0].xyz, w[1].xyz, w[2].xyz) * Normal;
    o.position = params.WorldViewProjection * vec4<f32>(Position, 1.0);
    return o;
}

@fragment
fn fs_main(@location(0) vPosition: vec3<f32>, @location(1) vNormal: vec3<f32>) -> @location(0) vec4<f32> {
    let p = vPosition * 4.0;
    let t = params.Time;
    let v = sin(p.x + t) + sin(p.y * 1.3 - t * 0.7) + sin((p.x + p.y + p.z) * 0.8 + t * 1.1);
    let c = 0.5 + 0.5 * cos(v + vec3<f32>(0.0, 2.1, 4.2));
    let light = 0.35 + 0.65 * max(dot(normalize(vNormal), normalize(vec3<f32>(0.3, 0.5, 1.0))), 0.0);
    return vec4<f32>(c * light, 1.0);
}
`

// crtWGSL is crt.frag as a WGSL sprite effect: a fragment entry point
// alone, reading the sprite's colour at location 0 and texture coordinate
// at location 1, the texture at group 1 binding 0 and its sampler at
// binding 1.
const crtWGSL = `
struct Crt {
    Time: f32,
    Height: f32,
}

@group(0) @binding(0) var<uniform> crt: Crt;
@group(1) @binding(0) var Texture: texture_2d<f32>;
@group(1) @binding(1) var TextureSampler: sampler;

@fragment
fn main(@builtin(position) fragCoord: vec4<f32>, @location(0) Color: vec4<f32>, @location(1) TexCoord: vec2<f32>) -> @location(0) vec4<f32> {
    let c = Color * textureSample(Texture, TextureSampler, TexCoord);
    let p = vec2<i32>(fragCoord.xy);
    var mask = vec3<f32>(0.45);
    mask[p.x % 3] = 1.0;
    let row = select(0.6, 1.0, p.y % 2 == 0);
    // GLSL's mod(x, y): x - y * floor(x / y).
    let x = crt.Time * 120.0;
    let m = x - crt.Height * floor(x / crt.Height);
    let band = 1.0 + 0.5 * exp(-pow((fragCoord.y - m) / 12.0, 2.0));
    return vec4<f32>(c.rgb * mask * row * band, c.a);
}
`
