import { describe, expect, it } from 'vitest';
import { isPairingUnsure, unsureReasons, UNSURE_PAIRING } from './pairing';

describe('isPairingUnsure', () => {
  it('is unsure only of a pairing below the threshold', () => {
    expect(isPairingUnsure({ pairing: 0 })).toBe(true);
    expect(isPairingUnsure({ pairing: UNSURE_PAIRING - 0.01 })).toBe(true);
    expect(isPairingUnsure({ pairing: UNSURE_PAIRING })).toBe(false);
    expect(isPairingUnsure({ pairing: 1 })).toBe(false);
  });

  it('is sure of a name and price read together (no pairing)', () => {
    expect(isPairingUnsure({})).toBe(false);
  });
});

describe('unsureReasons', () => {
  it('says why: a price between two rows, figures read two ways, or both', () => {
    expect(unsureReasons({ pairing: 1 })).toEqual([]);
    expect(unsureReasons({})).toEqual([]);
    expect(unsureReasons({ pairing: 0.2 })).toEqual(['between rows']);
    expect(unsureReasons({ readTwoWays: true })).toEqual(['read two ways']);
    expect(unsureReasons({ pairing: 0.2, readTwoWays: true })).toEqual([
      'between rows',
      'read two ways',
    ]);
  });
});
