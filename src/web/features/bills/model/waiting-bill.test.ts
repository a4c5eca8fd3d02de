import { describe, expect, it } from 'vitest';
import { isWaitingBill, sendOutcome } from './waiting-bill';

describe('sendOutcome', () => {
  it('keeps a bill while the server cannot be reached or is failing', () => {
    expect(sendOutcome('network-error')).toBe('retry-later');
    expect(sendOutcome({ status: 503 })).toBe('retry-later');
    expect(sendOutcome({ status: 500 })).toBe('retry-later');
    expect(sendOutcome({ status: 429 })).toBe('retry-later');
  });

  it('lets it go once stored, now or before (a repeat of the same key)', () => {
    expect(sendOutcome({ status: 201 })).toBe('saved');
    expect(sendOutcome({ status: 200 })).toBe('saved');
  });

  it('gives up on a body the server refuses, and stops at a 401', () => {
    expect(sendOutcome({ status: 400 })).toBe('refused');
    expect(sendOutcome({ status: 409 })).toBe('refused');
    expect(sendOutcome({ status: 401 })).toBe('stop');
  });
});

describe('isWaitingBill', () => {
  const bill = {
    id: 'k1',
    userId: 'u1',
    createdAt: 1,
    totalPence: 1234,
    body: { name: 'Dishoom', clientKey: 'k1' },
  };
  it('accepts a kept bill whose id is its client key', () => {
    expect(isWaitingBill(bill)).toBe(true);
    expect(isWaitingBill({ ...bill, body: { ...bill.body, clientKey: 'other' } })).toBe(false);
    expect(isWaitingBill({ ...bill, totalPence: '12.34' })).toBe(false);
    expect(isWaitingBill(null)).toBe(false);
  });
});
