import { BILL_LIMITS, portionsProblem } from '../../../../domain/bill-rules';

// The portions dialog's arithmetic (spec §2 "Portions dialog", §5: non-negative, 0.5 steps), kept
// to the bill rules: 0 takes the person off, else 0.5 to BILL_LIMITS.portionsMax.

export const PORTION_STEP = 0.5;
export const QUICK_PORTIONS = [0.5, 1, 2, 3] as const;

/** Whether a number of portions is one the dialog accepts: 0 (off the item) or the bill rules'. */
export function isValidPortions(portions: number): boolean {
  return portions === 0 || portionsProblem(portions) === null;
}

/** Reads a typed number of portions; null when blank or not one isValidPortions accepts. */
export function parsePortions(text: string): number | null {
  if (text.trim() === '') return null;
  const portions = Number(text);
  return isValidPortions(portions) ? portions : null;
}

/**
 * One 0.5 step up or down from `current`, never below 0. An off-grid value (typed 1.3) first snaps
 * to the grid in the direction of the step, so minus from 1.3 gives 1 and plus gives 1.5.
 */
export function stepPortions(current: number, direction: 1 | -1): number {
  const base = Number.isFinite(current) ? Math.max(0, current) : 0;
  const halves = base * 2;
  const next = direction === 1 ? Math.floor(halves) + 1 : Math.ceil(halves) - 1;
  return Math.min(BILL_LIMITS.portionsMax * 2, Math.max(0, next)) / 2;
}

/** The multiplier shown on a chip: "×1.5". One portion is the plain case and shows nothing. */
export function portionsLabel(portions: number): string {
  return portions === 1 || portions === 0 ? '' : `×${portions}`;
}
