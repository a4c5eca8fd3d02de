import { describe, expect, it } from 'vitest';
import { formatPence } from '../../../../domain/money';
import { portionsDetail, shareRows, splitFeeRows } from './share-rows';

describe('portionsDetail', () => {
  it('shows portions other than one, and nothing for one, none or nonsense', () => {
    expect(portionsDetail(2)).toBe('×2');
    expect(portionsDetail(1.5)).toBe('×1.5');
    expect(portionsDetail(0.5)).toBe('×0.5');
    expect(portionsDetail(1)).toBeUndefined();
    expect(portionsDetail(null)).toBeUndefined();
    expect(portionsDetail(0)).toBeUndefined();
    expect(portionsDetail(Number.NaN)).toBeUndefined();
  });
});

describe('shareRows', () => {
  const lines = [
    { kind: 'item' as const, name: 'Black Daal', amount: '5.93', portions: 2 },
    { kind: 'item' as const, name: 'Naan', amount: '2.50', portions: 1 },
    { kind: 'service' as const, name: 'Service Charge', amount: '1.00', portions: null },
    { kind: 'tip' as const, name: 'Tip', amount: '1.05', portions: null },
    { kind: 'fee' as const, name: 'Payment processing fee', amount: '0.36', portions: null },
  ];

  it('keeps the order and names, formats amounts, and marks portions on items only', () => {
    const rows = shareRows(lines);
    expect(rows.map((r) => [r.kind, r.label, r.detail, r.amount])).toEqual([
      ['item', 'Black Daal', '×2', formatPence(593)],
      ['item', 'Naan', undefined, formatPence(250)],
      ['service', 'Service Charge', undefined, formatPence(100)],
      ['tip', 'Tip', undefined, formatPence(105)],
      ['fee', 'Payment processing fee', undefined, formatPence(36)],
    ]);
    expect(rows.reduce((s, r) => s + r.amountPence, 0)).toBe(593 + 250 + 100 + 105 + 36);
  });

  it('shows an equal share as its own line and never puts portions on it', () => {
    const [row] = shareRows([
      { kind: 'share', name: 'Share of the bill', amount: '12.34', portions: 3 },
    ]);
    expect(row).toMatchObject({ label: 'Share of the bill', detail: undefined, amountPence: 1234 });
  });

  it('sets the fee apart from the share', () => {
    const { share, fee } = splitFeeRows(shareRows(lines));
    expect(share.map((r) => r.kind)).toEqual(['item', 'item', 'service', 'tip']);
    expect(fee.map((r) => r.kind)).toEqual(['fee']);
  });

  it('keeps a negative line (a discount) negative', () => {
    const [row] = shareRows([{ kind: 'item', name: 'Voucher', amount: '-2.00', portions: 1 }]);
    expect(row!.amountPence).toBe(-200);
    expect(row!.amount).toBe(formatPence(-200));
  });
});
