import { describe, expect, it } from 'vitest';
import { FEE_RATE_BASIS_POINTS, platformFee } from './fees';

describe('platformFee', () => {
  it('is 3% in basis points', () => {
    expect(FEE_RATE_BASIS_POINTS).toBe(300);
  });

  it.each([
    [3269, 98], // £32.69 -> 98.07p
    [1000, 30],
    [50, 2], // 1.5p rounds half away from zero
    [49, 1], // 1.47p
    [16, 0], // 0.48p
    [1, 0],
    [0, 0],
    [-500, 0], // a bill of discounts pays no fee
  ])('%i pence -> %i', (total, expected) => {
    expect(platformFee(total)).toBe(expected);
  });
});
