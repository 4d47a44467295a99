import { describe, expect, it } from 'vitest';
import { despeckle } from './despeckle';

/** A white A4 page at 300 dpi (2,480 × 3,508) with dark squares of the given sides at the given places. */
function page(marks: Array<{ x: number; y: number; side: number }>) {
  const width = 2480;
  const height = 3508;
  const pixels = new Uint8Array(width * height).fill(244);
  for (const { x, y, side } of marks) {
    for (let dy = 0; dy < side; dy++) pixels.fill(80, (y + dy) * width + x, (y + dy) * width + x + side);
  }
  const at = (x: number, y: number) => pixels[y * width + x];
  return { pixels, width, height, at };
}

describe('dust on a scanned page', () => {
  it('is whitened: specks of up to 8 pixels (2 × 2 and a single one); a full stop (4 × 4) and a stroke stay', () => {
    const p = page([
      { x: 100, y: 100, side: 2 },
      { x: 300, y: 100, side: 1 },
      { x: 500, y: 100, side: 4 },
    ]);
    // a stroke one pixel wide and 30 long, as a thin rule of a table
    p.pixels.fill(60, 200 * p.width + 100, 200 * p.width + 130);
    expect(despeckle(p.pixels, p.width, p.height)).toBe(5);
    expect([p.at(100, 100), p.at(101, 101), p.at(300, 100)]).toEqual([255, 255, 255]);
    expect([p.at(500, 100), p.at(503, 103), p.at(115, 200)]).toEqual([80, 80, 60]);
  });

  it('counts a mark’s soft edge: a dot of 2 dark pixels in a grey rim of 12 stays', () => {
    const p = page([{ x: 100, y: 100, side: 2 }]);
    for (const [x, y] of [
      [99, 99],
      [100, 99],
      [101, 99],
      [102, 99],
      [99, 100],
      [102, 100],
      [99, 101],
      [102, 101],
      [99, 102],
      [100, 102],
      [101, 102],
      [102, 102],
    ])
      p.pixels[(y as number) * p.width + (x as number)] = 170;
    expect(despeckle(p.pixels, p.width, p.height)).toBe(0);
  });

  it('is judged by the picture’s size: on a picture half as large a speck has at most 2 pixels', () => {
    const width = 1240;
    const height = 1754;
    const pixels = new Uint8Array(width * height).fill(244);
    pixels.fill(80, 100 * width + 100, 100 * width + 102);
    pixels.fill(80, 100 * width + 300, 100 * width + 303);
    expect(despeckle(pixels, width, height)).toBe(2);
    expect([pixels[100 * width + 100], pixels[100 * width + 300]]).toEqual([255, 80]);
  });
});
