import { assertPence, type Pence } from './money';

// Written here rather than taken from a library: dinero.js `allocate` (v1 and v2) hands out the
// leftover pence one by one in list order (newer versions: to the largest ratio first), not by
// largest remainder, and it wants its own money objects. DECISIONS.md fixes largest remainder with
// ties in list order, and that fits in a screenful of exact integer arithmetic.

/**
 * Splits `total` pence into parts proportional to `weights` by the largest-remainder method.
 * Invariants: the parts sum to `total` exactly; each part is within 1 penny of its exact share
 * (floor or ceiling of total x weight / sum of weights); a zero weight gets 0; ties for a leftover
 * penny go to the earlier index; apportion(-t, w) is -apportion(t, w), so discounts mirror charges.
 * Weights are non-negative finite numbers, read as the decimals they print as (0.5 is exactly a
 * half, 0.1 exactly a tenth). When every weight is 0 there is nobody to give money to: the result is
 * all zeros for a zero total, and a RangeError otherwise, since the parts could not sum to the total.
 */
export function apportion(total: Pence, weights: readonly number[]): Pence[] {
  assertPence(total, 'total');
  for (const weight of weights) {
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`Weights must be finite and non-negative, got ${weight}`);
    }
  }
  // Work on the magnitude and put the sign back at the end: that is what makes negative totals
  // mirror positive ones, tie rule included.
  const sign = total < 0 ? -1 : 1;
  const parts = weights.every(Number.isSafeInteger)
    ? apportionSmall(Math.abs(total), weights)
    : undefined;
  return (parts ?? apportionExact(Math.abs(total), weights)).map((part) => sign * part || 0);
}

/** Splits `total` pence evenly over `count` people; parts differ by at most 1 penny, earlier people take the extra. */
export function splitEvenly(total: Pence, count: number): Pence[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  return apportion(total, new Array<number>(count).fill(1));
}

// Below this every product is an exact double, and Math.floor(exact / weightSum) is the exact integer
// quotient: near a quotient under 2^52 / weightSum, doubles lie closer together than 1 / weightSum, so
// the float division cannot round a true quotient of k + r / weightSum (0 < r < weightSum) up to k + 1.
const SMALL_PRODUCT = 2 ** 52;

/**
 * Number arithmetic for the usual case: integer weights and magnitude x weight sum below 2^52.
 * Returns undefined otherwise. Same method and results as apportionExact, several times faster.
 */
function apportionSmall(magnitude: number, weights: readonly number[]): number[] | undefined {
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  if (weightSum === 0 || magnitude * weightSum >= SMALL_PRODUCT) return undefined;
  const parts: number[] = [];
  const remainders: number[] = [];
  let leftover = magnitude;
  for (const weight of weights) {
    const exact = magnitude * weight;
    const part = Math.floor(exact / weightSum);
    const remainder = exact - part * weightSum;
    parts.push(part);
    remainders.push(remainder);
    leftover -= part;
  }
  for (const index of leftoverWinners(remainders, leftover)) parts[index]! += 1;
  return parts;
}

/** Exact rational arithmetic in BigInt for any weights, after scaling them to integers. */
function apportionExact(magnitude: number, weights: readonly number[]): number[] {
  const scaled = toIntegerWeights(weights);
  const weightSum = scaled.reduce((sum, weight) => sum + weight, 0n);
  if (weightSum === 0n) {
    if (magnitude === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot apportion ${magnitude} pence when every weight is 0`);
  }
  const big = BigInt(magnitude);
  const parts: bigint[] = [];
  const remainders: bigint[] = [];
  let leftover = big;
  for (const weight of scaled) {
    const exact = big * weight;
    const part = exact / weightSum;
    parts.push(part);
    remainders.push(exact % weightSum);
    leftover -= part;
  }
  for (const index of leftoverWinners(remainders, Number(leftover))) parts[index]! += 1n;
  return parts.map(Number);
}

/**
 * The indices that get one more penny: the `leftover` largest remainders, the earlier index first on
 * a tie. leftover is below the count of non-zero remainders, so a zero weight never gets a penny.
 * leftover is below the number of people, so picking the largest each time beats a sort.
 */
function leftoverWinners(remainders: readonly (number | bigint)[], leftover: number): number[] {
  const winners: number[] = [];
  const taken = new Array<boolean>(remainders.length).fill(false);
  for (let k = 0; k < leftover; k++) {
    let best = -1;
    for (let index = 0; index < remainders.length; index++) {
      // Strictly greater, scanning upwards: an equal remainder later in the list never wins.
      if (!taken[index] && (best === -1 || remainders[index]! > remainders[best]!)) best = index;
    }
    taken[best] = true;
    winners.push(best);
  }
  return winners;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** Scales the weights by one common power of ten so that all are integers, keeping their ratios exact. */
function toIntegerWeights(weights: readonly number[]): bigint[] {
  const decimals = weights.map((weight) => {
    if (Number.isSafeInteger(weight)) return { digits: BigInt(weight), exponent: 0 };
    // Non-integer (or huge) weight: read its shortest decimal form, e.g. "1.5" or "1e-7".
    const [, whole = '', fraction = '', exponent = '0'] = DECIMAL.exec(String(weight)) ?? [];
    return { digits: BigInt(whole + fraction), exponent: Number(exponent) - fraction.length };
  });
  const lowest = Math.min(0, ...decimals.map((decimal) => decimal.exponent));
  return decimals.map(({ digits, exponent }) => digits * 10n ** BigInt(exponent - lowest));
}
