import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, splitEvenly } from './apportion';

const RUNS = { numRuns: 1000 };
const total = fc.integer({ min: -10_000_000, max: 10_000_000 });
// Half-portions: weights are multiples of 0.5, as portions are.
const halfWeights = fc.array(
  fc.integer({ min: 0, max: 20 }).map((halves) => halves / 2),
  { minLength: 1, maxLength: 15 },
);
const withSomeWeight = halfWeights.filter((weights) => weights.some((w) => w > 0));

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('apportion: worked examples', () => {
  it.each<[number, number[], number[]]>([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [101, [1, 1, 1], [34, 34, 33]],
    [5, [0, 1, 1], [0, 3, 2]],
    [100, [0.5, 1.5], [25, 75]],
    // Exact shares 0.5 and 1.5 tie on remainder: the earlier index takes the penny.
    [2, [1, 3], [1, 1]],
    [2, [3, 1], [2, 0]],
    // Largest remainder, not list order: 1/3 loses to 2/3.
    [1, [1, 2], [0, 1]],
    [-1, [1, 2], [0, -1]],
    // 0.1 and 0.2 are read as the decimals they print as; float division would floor 0.999... to 0.
    [3, [0.1, 0.2], [1, 2]],
    [10, [1e21, 1e21], [5, 5]],
    [3, [1e-7, 2e-7], [1, 2]],
    [0, [1, 2], [0, 0]],
    [7, [5], [7]],
  ])('apportion(%i, %j) = %j', (amount, weights, expected) => {
    expect(apportion(amount, weights)).toEqual(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(apportion(-1, [1, 1])[1], 0)).toBe(true);
  });

  it('gives all zeros when every weight is 0 and the total is 0', () => {
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
    expect(apportion(0, [])).toEqual([]);
  });

  it('throws when a non-zero total has no weight to go to', () => {
    expect(() => apportion(5, [0, 0])).toThrow(RangeError);
    expect(() => apportion(-5, [])).toThrow(RangeError);
  });

  it.each([[[-1, 2]], [[Number.NaN]], [[Number.POSITIVE_INFINITY, 1]]])(
    'rejects weights %j',
    (weights) => {
      expect(() => apportion(10, weights)).toThrow(RangeError);
    },
  );

  it.each([1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('rejects total %s', (amount) => {
    expect(() => apportion(amount, [1])).toThrow(RangeError);
  });
});

describe('apportion: properties', () => {
  it('parts sum to the total', () => {
    fc.assert(
      fc.property(total, withSomeWeight, (amount, weights) => {
        expect(sum(apportion(amount, weights))).toBe(amount);
      }),
      RUNS,
    );
  });

  it('each part is less than 1 penny from its exact proportional share', () => {
    fc.assert(
      fc.property(total, withSomeWeight, (amount, weights) => {
        // Exact rational check in integers: |part - amount * w / W| < 1  <=>  |part * W - amount * w| < W.
        const halves = weights.map((w) => BigInt(w * 2));
        const weightSum = halves.reduce((a, b) => a + b, 0n);
        apportion(amount, weights).forEach((part, i) => {
          const gap = BigInt(part) * weightSum - BigInt(amount) * halves[i]!;
          expect(gap < weightSum && -gap < weightSum).toBe(true);
        });
      }),
      RUNS,
    );
  });

  it('gives zero weights nothing', () => {
    fc.assert(
      fc.property(total, withSomeWeight, (amount, weights) => {
        apportion(amount, weights).forEach((part, i) => {
          if (weights[i] === 0) expect(part).toBe(0);
        });
      }),
      RUNS,
    );
  });

  it('mirrors negative totals exactly', () => {
    fc.assert(
      fc.property(total, withSomeWeight, (amount, weights) => {
        expect(apportion(-amount, weights)).toEqual(apportion(amount, weights).map((p) => -p || 0));
      }),
      RUNS,
    );
  });

  it('depends only on the ratios of the weights', () => {
    fc.assert(
      fc.property(total, withSomeWeight, fc.integer({ min: 2, max: 7 }), (amount, weights, k) => {
        expect(
          apportion(
            amount,
            weights.map((w) => w * k),
          ),
        ).toEqual(apportion(amount, weights));
      }),
      RUNS,
    );
  });

  it('orders equal weights by list position: earlier never gets less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 30 }),
        (amount, count) => {
          const parts = splitEvenly(amount, count);
          expect(sum(parts)).toBe(amount);
          parts.forEach((part, i) => {
            expect(part).toBeLessThanOrEqual(parts[0]!);
            expect(part).toBeGreaterThanOrEqual(parts[count - 1]!);
            if (i > 0) expect(part).toBeLessThanOrEqual(parts[i - 1]!);
          });
          expect(parts[0]! - parts[count - 1]!).toBeLessThanOrEqual(1);
        },
      ),
      RUNS,
    );
  });

  it('adding a penny to an even split gives exactly one person one more penny', () => {
    // splitWholeBill relies on this to keep every part of an equal-mode bill within 1p of even.
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 30 }), (amount, count) => {
        const before = splitEvenly(amount, count);
        const after = splitEvenly(amount + 1, count);
        const steps = after.map((part, i) => part - before[i]!);
        expect(steps.filter((step) => step === 1)).toHaveLength(1);
        expect(steps.filter((step) => step === 0)).toHaveLength(count - 1);
      }),
      RUNS,
    );
  });
});

/** Largest remainder written out plainly in BigInt, as an independent reference for integer weights. */
function reference(amount: number, weights: readonly number[]): number[] {
  const magnitude = BigInt(Math.abs(amount));
  const weightSum = weights.reduce((a, w) => a + BigInt(w), 0n);
  const rows = weights.map((w, index) => ({
    index,
    part: (magnitude * BigInt(w)) / weightSum,
    remainder: (magnitude * BigInt(w)) % weightSum,
  }));
  let leftover = magnitude - rows.reduce((a, row) => a + row.part, 0n);
  const ranked = [...rows].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const row of ranked) {
    if (leftover === 0n) break;
    row.part += 1n;
    leftover -= 1n;
  }
  return rows.map((row) => (amount < 0 ? -Number(row.part) : Number(row.part)) || 0);
}

describe('apportion: against a reference', () => {
  // Totals and weights on both sides of the 2^52 product bound between the Number and BigInt paths.
  const anyTotal = fc.oneof(
    total,
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.integer({ min: 2 ** 40, max: 2 ** 46 }),
  );
  const intWeights = fc
    .array(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 2 ** 20 })), {
      minLength: 1,
      maxLength: 12,
    })
    .filter((weights) => weights.some((w) => w > 0));

  it('matches for integer weights', () => {
    fc.assert(
      fc.property(anyTotal, intWeights, (amount, weights) => {
        expect(apportion(amount, weights)).toEqual(reference(amount, weights));
      }),
      RUNS,
    );
  });

  it('matches for half weights (the BigInt path), read as exact halves', () => {
    fc.assert(
      fc.property(anyTotal, intWeights, (amount, halves) => {
        expect(
          apportion(
            amount,
            halves.map((h) => h / 2),
          ),
        ).toEqual(reference(amount, halves));
      }),
      RUNS,
    );
  });
});

describe('splitEvenly', () => {
  it('splits into count parts', () => {
    expect(splitEvenly(98, 3)).toEqual([33, 33, 32]);
    expect(splitEvenly(0, 0)).toEqual([]);
  });

  it('rejects a bad count', () => {
    expect(() => splitEvenly(10, -1)).toThrow(RangeError);
    expect(() => splitEvenly(10, 1.5)).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(RangeError);
  });
});
