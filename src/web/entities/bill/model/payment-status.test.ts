import { describe, expect, it } from 'vitest';
import { billPaymentLabel, paidCountText, shareBadge } from './payment-status';

describe('shareBadge', () => {
  it('a pending share can be marked paid, not undone', () => {
    expect(shareBadge({ status: 'pending', paidMethod: null })).toEqual({
      label: 'Pending',
      detail: null,
      expired: false,
      canMarkPaid: true,
      canUndo: false,
    });
  });

  it('a pending share whose link expired says so and can still be marked paid by hand', () => {
    const badge = shareBadge({ status: 'pending', paidMethod: null, expired: true });
    expect(badge.label).toBe('Pending');
    expect(badge.expired).toBe(true);
    expect(badge.canMarkPaid).toBe(true);
  });

  it('a disputed share says so: not paid, not to be reminded or marked paid by hand', () => {
    expect(shareBadge({ status: 'pending', paidMethod: null, disputed: true })).toEqual({
      label: 'Disputed',
      detail: 'Waiting for the bank to decide',
      expired: false,
      canMarkPaid: false,
      canUndo: false,
    });
  });

  it('paid by card: no undo', () => {
    expect(shareBadge({ status: 'paid', paidMethod: 'card' })).toEqual({
      label: 'Paid',
      detail: 'Paid by card',
      expired: false,
      canMarkPaid: false,
      canUndo: false,
    });
  });

  it('marked paid by hand: cash or bank transfer, each can be undone', () => {
    expect(shareBadge({ status: 'paid', paidMethod: 'cash' })).toMatchObject({
      detail: 'Paid in cash',
      canUndo: true,
    });
    expect(shareBadge({ status: 'paid', paidMethod: 'bank_transfer' })).toMatchObject({
      detail: 'Paid by bank transfer',
      canUndo: true,
    });
  });

  it('paid with no method (a share of nothing, settled at once): Paid, nothing to undo', () => {
    expect(shareBadge({ status: 'paid', paidMethod: null })).toMatchObject({
      label: 'Paid',
      detail: null,
      canUndo: false,
      canMarkPaid: false,
    });
  });

  it('an expired flag on a paid share is ignored: paid links never expire', () => {
    expect(shareBadge({ status: 'paid', paidMethod: 'card', expired: true }).expired).toBe(false);
  });
});

describe('billPaymentLabel', () => {
  it('reads the bill status', () => {
    expect(billPaymentLabel('saved')).toBeNull();
    expect(billPaymentLabel('active')).toBe('Active');
    expect(billPaymentLabel('completed')).toBe('Completed');
  });
});

it('paidCountText', () => {
  expect(paidCountText(1, 3)).toBe('1 of 3 paid');
  expect(paidCountText(0, 1)).toBe('0 of 1 paid');
});
