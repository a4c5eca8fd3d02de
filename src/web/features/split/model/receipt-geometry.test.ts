import { describe, expect, it } from 'vitest';
import { turnedLine } from './receipt-geometry';

describe('turnedLine', () => {
  const photo = { width: 1000, height: 2000 };

  it('is the box itself for an upright line', () => {
    const box = { x: 0.1, y: 0.2, width: 0.5, height: 0.01, angle: 0 };
    const line = turnedLine(box, photo);
    const expected = { cx: 350, cy: 410, width: 500, height: 20, angle: 0 };
    for (const [key, value] of Object.entries(expected)) {
      expect(line[key as keyof typeof line]).toBeCloseTo(value, 6);
    }
  });

  it('finds the turned line inside the upright box that holds it', () => {
    // A line 400 x 20 px turned 5 degrees: the box holding it.
    const a = (5 * Math.PI) / 180;
    const W = 400 * Math.cos(a) + 20 * Math.sin(a);
    const H = 400 * Math.sin(a) + 20 * Math.cos(a);
    const box = { x: 0.2, y: 0.3, width: W / 1000, height: H / 2000, angle: 5 };
    const line = turnedLine(box, photo);
    expect(line.width).toBeCloseTo(400, 6);
    expect(line.height).toBeCloseTo(20, 6);
    expect(line.angle).toBe(5);
    expect(line.cx).toBeCloseTo(200 + W / 2, 6);
  });

  it('falls back to the upright box when the turn cannot be undone', () => {
    const box = { x: 0, y: 0, width: 0.01, height: 0.05, angle: 30 };
    expect(turnedLine(box, photo)).toMatchObject({ width: 10, height: 100, angle: 0 });
  });
});
