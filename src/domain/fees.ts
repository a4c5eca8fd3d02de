import { basisPointsOf, type Pence } from './money';

/** The platform's payment processing fee in basis points (hundredths of a percent): 300 is 3%. */
export const FEE_RATE_BASIS_POINTS = 300;

/**
 * The platform fee on a bill total, in pence: 3% rounded to the penny (half away from zero).
 * A total of 0 or less (a bill of discounts) has nothing to pay, so its fee is 0.
 */
export function platformFee(total: Pence): Pence {
  return total > 0 ? basisPointsOf(total, FEE_RATE_BASIS_POINTS) : 0;
}
