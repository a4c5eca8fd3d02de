import { describe, expect, it } from 'vitest';
import { isPairingUnsure, UNSURE_PAIRING } from './pairing';

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
