import { describe, expect, it } from 'vitest';
import { findPaper, linePitch, otsu, ownsCentre, printRegion, textRegion, tilesFor } from './paper';

/** A dark table with a bright strip of paper at (left, top, width, height), ruled with ink lines. */
function photo(
  w: number,
  h: number,
  paper: { left: number; top: number; width: number; height: number },
  pitch = 0,
) {
  const data = new Uint8Array(w * h).fill(70);
  for (let y = paper.top; y < paper.top + paper.height; y++) {
    for (let x = paper.left; x < paper.left + paper.width; x++) {
      const ink = pitch > 0 && (y - paper.top) % pitch < pitch / 2 && x % 7 < 4;
      data[y * w + x] = ink ? 30 : 235;
    }
  }
  return { data, width: w, height: h };
}

describe('finding the receipt in a photo', () => {
  it('splits paper from table by Otsu', () => {
    const t = otsu(photo(100, 100, { left: 10, top: 10, width: 40, height: 80 }).data);
    expect(t).toBeGreaterThanOrEqual(70);
    expect(t).toBeLessThan(235);
  });

  it('crops to a narrow receipt a third of the frame wide, with a small margin', () => {
    const rect = findPaper(photo(240, 320, { left: 90, top: 20, width: 80, height: 280 }));
    expect(rect).not.toBeNull();
    expect(rect!.left).toBeLessThanOrEqual(90);
    expect(rect!.left).toBeGreaterThan(80);
    expect(rect!.left + rect!.width).toBeGreaterThanOrEqual(170);
    expect(rect!.left + rect!.width).toBeLessThan(180);
    expect(rect!.top).toBeLessThanOrEqual(20);
    expect(rect!.top + rect!.height).toBeGreaterThanOrEqual(300);
  });

  it('leaves a close-up, and a photo with no paper standing out, uncropped', () => {
    expect(findPaper(photo(200, 200, { left: 5, top: 5, width: 190, height: 190 }))).toBeNull();
    expect(
      findPaper({ data: new Uint8Array(200 * 200).fill(128), width: 200, height: 200 }),
    ).toBeNull();
  });
});

describe('finding the receipt by its print (white paper on a pale table)', () => {
  /** Detected lines: `rows` rows of a name and a price inside the paper's columns. */
  const linesOn = (paper: { left: number; top: number; width: number }, rows: number) =>
    Array.from({ length: rows }, (_, k) => [
      { x: paper.left + 5, y: paper.top + 10 + k * 12, width: paper.width * 0.5, height: 8 },
      { x: paper.left + paper.width - 45, y: paper.top + 10 + k * 12, width: 40, height: 8 },
    ]).flat();

  it('crops to the part of a large page the lines take, with a margin, strays left out', () => {
    const lines = [
      ...linesOn({ left: 600, top: 100, width: 400 }, 60),
      // the grain of the table read as a line, far off the paper
      { x: 30, y: 1800, width: 120, height: 10 },
    ];
    const rect = textRegion(lines, 1500, 2000, 0.5)!;
    expect(rect).not.toBeNull();
    expect(rect.left).toBeLessThanOrEqual(605);
    expect(rect.left).toBeGreaterThan(580);
    expect(rect.left + rect.width).toBeGreaterThanOrEqual(995);
    expect(rect.left + rect.width).toBeLessThan(1020);
    expect(rect.top).toBeLessThanOrEqual(110);
    expect(rect.top + rect.height).toBeGreaterThanOrEqual(100 + 10 + 59 * 12 + 8);
    expect(rect.top + rect.height).toBeLessThan(1000);
  });

  it('leaves a page whose print fills it, and one with too few lines to tell', () => {
    expect(
      textRegion(linesOn({ left: 20, top: 20, width: 1400 }, 150), 1500, 2000, 0.5),
    ).toBeNull();
    expect(textRegion(linesOn({ left: 600, top: 100, width: 400 }, 3), 1500, 2000, 0.5)).toBeNull();
  });
});

describe('finding the receipt by its ink (print too small for the detector)', () => {
  it('takes the columns and rows holding ink, bridging the gap between names and prices', () => {
    // A pale table (200) hardly darker than the paper (235): no brightness sets the paper apart.
    // On it, rows of tiny print: names at the paper's left, prices at its right.
    const w = 400;
    const h = 600;
    const data = new Uint8Array(w * h).fill(200);
    for (let y = 50; y < 550; y++) {
      for (let x = 150; x < 250; x++) {
        const row = (y - 50) % 6 < 3;
        const name = x >= 154 && x < 200 && row && x % 3 < 2;
        const price = x >= 230 && x < 246 && row && x % 3 < 2;
        data[y * w + x] = name || price ? 60 : 235;
      }
    }
    const rect = printRegion({ data, width: w, height: h }, 0.5)!;
    expect(rect).not.toBeNull();
    expect(rect.left).toBeLessThanOrEqual(154);
    expect(rect.left).toBeGreaterThan(140);
    expect(rect.left + rect.width).toBeGreaterThanOrEqual(246);
    expect(rect.left + rect.width).toBeLessThan(260);
    expect(rect.top).toBeLessThanOrEqual(50);
    expect(rect.top + rect.height).toBeGreaterThanOrEqual(548);
  });

  it('finds nothing on a page without ink', () => {
    expect(
      printRegion({ data: new Uint8Array(300 * 300).fill(220), width: 300, height: 300 }, 0.5),
    ).toBeNull();
  });
});

describe('reading small text at a legible scale', () => {
  it("measures the printed lines' pitch from the rows' ink", () => {
    const page = photo(200, 600, { left: 0, top: 0, width: 200, height: 600 }, 14);
    expect(linePitch(page)).toBe(14);
    expect(
      linePitch({ data: new Uint8Array(200 * 600).fill(230), width: 200, height: 600 }),
    ).toBeNull();
  });

  it('finds the pitch on a dim paper in a tilted crop, beside the table and white rotation corners', () => {
    // A long receipt in a dim photo, cropped and straightened by a few degrees: grey paper (140)
    // with print (60) every 14 rows, a strip of the dark table (70) along each side, and the white
    // (255) the rotation filled two corners with. One global threshold splits the white from the
    // rest, calling paper and table ink alike, and leaves no rhythm to find.
    const w = 300;
    const h = 1200;
    const data = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const shift = Math.round(90 * (y / h));
      for (let x = 0; x < w; x++) {
        const white = x > w - 90 + shift || x < shift;
        const table = x < shift + 20 || x > w - 110 + shift;
        const print = y % 14 < 7 && x % 7 < 4;
        data[y * w + x] = white ? 255 : table ? 70 : print ? 60 : 140;
      }
    }
    expect(linePitch({ data, width: w, height: h })).toBe(14);
  });

  it('reads a tall page with tiny text in overlapping bands, and a legible one whole', () => {
    // 450 x 2000 px, text 8 px high: at 960 px the detector would see it 3.8 px high.
    const bands = tilesFor(450, 2000, 8)!;
    expect(bands.length).toBeGreaterThan(1);
    expect(bands[0]!.top).toBe(0);
    expect(bands.at(-1)!.top + bands.at(-1)!.height).toBe(2000);
    for (const [k, band] of bands.entries()) {
      // Each band shows its text at a legible height, and overlaps the next by whole lines.
      expect(8 * Math.min(1, 960 / Math.max(450, band.height))).toBeGreaterThanOrEqual(7);
      const next = bands[k + 1];
      if (next) expect(band.top + band.height - next.top).toBeGreaterThanOrEqual(3 * 8);
    }
    expect(tilesFor(450, 2000, 30)).toBeNull();
    expect(tilesFor(600, 800, 10)).toBeNull();
  });

  it('keeps each line once: from the band that owns its centre', () => {
    const bands = tilesFor(450, 2000, 8)!;
    for (const y of [0, 500, 959, 1000, 1500, 1999]) {
      expect(bands.filter((_, k) => ownsCentre(bands, k, y))).toHaveLength(1);
    }
  });
});
