// sRGB bytes and linear light, the one conversion every reader and the palette use: colours are
// mixed (a triangle's corners, a material factor times a texture) in linear light and stored and
// matched as sRGB bytes.

function decode(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Each of the 256 sRGB bytes in linear light. */
const LINEAR = Float64Array.from({ length: 256 }, (_, byte) => decode(byte));

/** An sRGB value on the byte scale (0–255; a fraction is decoded, not looked up) in linear light. */
export function srgbByteToLinear(byte: number): number {
  return LINEAR[byte] ?? decode(byte);
}

export function linearToSrgbByte(linear: number): number {
  const c = Math.max(0, Math.min(1, linear));
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
}

/** The mean of three sRGB bytes in linear light (exact, with no rounding, when all three agree). */
export function meanOfThree(a: number, b: number, c: number): number {
  return a === b && b === c ? a : linearToSrgbByte((LINEAR[a]! + LINEAR[b]! + LINEAR[c]!) / 3);
}
