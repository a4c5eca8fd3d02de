import { describe, expect, it } from 'vitest';
import { isValidPortions, parsePortions, portionsLabel, stepPortions } from './portions';

describe('parsePortions', () => {
  it('reads non-negative multiples of 0.5 and refuses the rest', () => {
    expect(parsePortions('1.5')).toBe(1.5);
    expect(parsePortions('0')).toBe(0);
    expect(parsePortions('3')).toBe(3);
    expect(parsePortions('')).toBeNull();
    expect(parsePortions('1.3')).toBeNull();
    expect(parsePortions('-0.5')).toBeNull();
    expect(parsePortions('two')).toBeNull();
  });

  it('agrees with isValidPortions', () => {
    expect(isValidPortions(2.5)).toBe(true);
    expect(isValidPortions(Infinity)).toBe(false);
  });
});

describe('stepPortions', () => {
  it('moves in 0.5 steps and never below 0', () => {
    expect(stepPortions(1, 1)).toBe(1.5);
    expect(stepPortions(1, -1)).toBe(0.5);
    expect(stepPortions(0.5, -1)).toBe(0);
    expect(stepPortions(0, -1)).toBe(0);
  });

  it('snaps an off-grid value towards the step', () => {
    expect(stepPortions(1.3, 1)).toBe(1.5);
    expect(stepPortions(1.3, -1)).toBe(1);
    expect(stepPortions(NaN, 1)).toBe(0.5);
  });
});

describe('portionsLabel', () => {
  it('shows a multiplier except for one portion', () => {
    expect(portionsLabel(1.5)).toBe('×1.5');
    expect(portionsLabel(2)).toBe('×2');
    expect(portionsLabel(0.5)).toBe('×0.5');
    expect(portionsLabel(1)).toBe('');
  });
});
