import { describe, expect, it } from 'vitest';
import { billDateLabel } from './bill-date';

describe('billDateLabel', () => {
  it("formats a bill's date in the spec's long US format", () => {
    expect(billDateLabel('2026-11-22')).toBe('November 22, 2026');
    expect(billDateLabel('2026-01-01')).toBe('January 1, 2026');
  });
  it('is null for anything that is not a date', () => {
    expect(billDateLabel('')).toBeNull();
    expect(billDateLabel('22/11/2026')).toBeNull();
    expect(billDateLabel('2026-13-45')).toBeNull();
  });
});
