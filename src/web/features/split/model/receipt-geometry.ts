import type { ReceiptBox } from '../../../../contracts/receipts';

/**
 * A receipt line on its photo as the turned rectangle it is (contracts/receipts.ts ReceiptBox gives
 * the upright rectangle holding it, and its turn), in the photo's pixels: its centre, its own width
 * and height, and its turn in degrees (clockwise).
 */
export interface TurnedLine {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

/**
 * The line inside `box` on a photo `photo` pixels in size: a rectangle w x h turned by a holds an
 * upright one W = w cos a + h sin a wide and H = w sin a + h cos a high, solved back for w and h.
 * Upright when the turn leaves nothing to solve (a line too short for its turn).
 */
export function turnedLine(box: ReceiptBox, photo: { width: number; height: number }): TurnedLine {
  const W = box.width * photo.width;
  const H = box.height * photo.height;
  const centre = {
    cx: (box.x + box.width / 2) * photo.width,
    cy: (box.y + box.height / 2) * photo.height,
  };
  const a = (Math.abs(box.angle) * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  const d = c * c - s * s;
  const width = (W * c - H * s) / d;
  const height = (H * c - W * s) / d;
  if (!(d > 0.1) || !(width > 0) || !(height > 0)) {
    return { ...centre, width: W, height: H, angle: 0 };
  }
  return { ...centre, width, height, angle: box.angle };
}
