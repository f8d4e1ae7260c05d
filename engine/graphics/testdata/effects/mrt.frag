#version 450
// The wave effect's colour into the first target and, into the second,
// a pattern of its own: stripes across the screen, 4 pixels wide, of the
// colour's inverse.

layout(location = 0) in vec4 vColor;

layout(location = 0) out vec4 outColor;
layout(location = 1) out vec4 outStripes;

void main() {
    outColor = vColor;
    float on = mod(floor(gl_FragCoord.x / 4.0), 2.0);
    outStripes = vec4(on * (vec3(1.0) - vColor.rgb), 1.0);
}
