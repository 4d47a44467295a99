// Dust on a scanned or photographed page: isolated dark specks of a few pixels. OCR reads them as
// punctuation inside words and numbers ("1.204,82€." read with a stray dot) and trusts the words
// around them less. They are whitened before OCR; anything larger, a full stop or a decimal comma
// included, is kept (ADR 0025).

/**
 * Darker than this (0–255) is ink or dust. Light enough to count a mark's soft edge: a middle dot of
 * 8 pt type has a core of 2 pixels like a speck, but its edge makes it 12 or more.
 */
const DARK = 200;
/** The largest speck at 300 dpi on A4 (3,508 pixels on the long side), its edge included. */
const SPECK_PIXELS_A4_300DPI = 8;
const A4_LONG_SIDE_300DPI = 3508;

/** Whitens, in place, every group of touching dark pixels no larger than a speck of dust. */
export function despeckle(pixels: Uint8Array, width: number, height: number): number {
  const scale = Math.max(width, height) / A4_LONG_SIDE_300DPI;
  const largest = Math.max(1, Math.round(SPECK_PIXELS_A4_300DPI * scale * scale));
  const seen = new Uint8Array(width * height);
  const group: number[] = [];
  const stack: number[] = [];
  let whitened = 0;
  for (let start = 0; start < pixels.length; start++) {
    if (seen[start] || (pixels[start] as number) >= DARK) continue;
    group.length = 0;
    stack.push(start);
    seen[start] = 1;
    // a group larger than a speck is walked to its end (so it is not met again) but not kept
    let large = false;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      if (!large) group.push(at);
      if (group.length > largest) large = true;
      const x = at % width;
      const y = (at - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (seen[next] || (pixels[next] as number) >= DARK) continue;
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (large) continue;
    for (const at of group) pixels[at] = 255;
    whitened += group.length;
  }
  return whitened;
}
