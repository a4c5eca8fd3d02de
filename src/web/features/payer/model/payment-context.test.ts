import { describe, expect, it } from 'vitest';
import { toPence } from '../../../../domain/money';
import { buildPaymentContext, parsePaymentContext, type PayeeInput } from './payment-context';

const priya: PayeeInput = {
  id: 'p1',
  name: 'Priya',
  amount: '9.48',
  fee: '0.36',
  lines: [
    { kind: 'item', name: 'Black Daal', amount: '5.93', portions: 2 },
    { kind: 'item', name: 'Naan', amount: '2.50', portions: 1 },
    { kind: 'service', name: 'Service Charge', amount: '1.00', portions: null },
    { kind: 'tip', name: 'Tip', amount: '0.05', portions: null },
    { kind: 'fee', name: 'Payment processing fee', amount: '0.36', portions: null },
  ],
};
const sam: PayeeInput = {
  id: 's1',
  name: 'Sam',
  amount: '4.00',
  fee: '0.35',
  lines: [
    { kind: 'share', name: 'Share of the bill', amount: '3.00', portions: null },
    { kind: 'service', name: 'Service Charge', amount: '1.00', portions: null },
    { kind: 'fee', name: 'Payment processing fee', amount: '0.35', portions: null },
  ],
};

const context = () =>
  buildPaymentContext({
    token: 'tok_123',
    billName: 'Dishoom',
    recipientName: 'Alice Archer',
    testMode: true,
    people: [priya, sam],
    checkout: { sessionId: 'cs_sbx_1', amount: '14.19' },
    now: new Date('2026-11-22T15:45:00Z'),
  });

describe('buildPaymentContext', () => {
  it("adds up the people's lines in pence, the spec's fields and the link's token", () => {
    const c = context();
    expect(c).toMatchObject({
      token: 'tok_123',
      sessionId: 'cs_sbx_1',
      paymentIntentId: null,
      billName: 'Dishoom',
      recipientName: 'Alice Archer',
      subtotal: 593 + 250 + 300,
      serviceCharge: 200,
      tip: 5,
      fee: 71,
      total: toPence('14.19'),
      participants: [
        { id: 'p1', name: 'Priya' },
        { id: 's1', name: 'Sam' },
      ],
      participantAmounts: [
        { id: 'p1', name: 'Priya', amount: 948, fee: 36 },
        { id: 's1', name: 'Sam', amount: 400, fee: 35 },
      ],
      savedAt: '2026-11-22T15:45:00.000Z',
    });
    expect(c.subtotal + c.serviceCharge + c.tip + c.fee).toBe(c.total);
    expect(c.items).toHaveLength(8);
    expect(c.items[0]).toEqual({
      participantId: 'p1',
      kind: 'item',
      name: 'Black Daal',
      amount: 593,
      portions: 2,
    });
  });
});

describe('parsePaymentContext (the stored payment context guard)', () => {
  it('reads back what was stored, through JSON', () => {
    const c = context();
    expect(parsePaymentContext(JSON.parse(JSON.stringify(c)))).toEqual(c);
  });

  it('refuses nothing, other shapes and other versions', () => {
    for (const v of [null, undefined, 'x', 42, [], {}, { ...context(), version: 2 }])
      expect(parsePaymentContext(v)).toBeNull();
  });

  it('refuses a context with any field missing or of the wrong type', () => {
    const c = context() as unknown as Record<string, unknown>;
    for (const key of Object.keys(c)) {
      const { [key]: _gone, ...rest } = c;
      expect(parsePaymentContext(rest), `without ${key}`).toBeNull();
    }
    expect(parsePaymentContext({ ...c, total: 14.19 })).toBeNull();
    expect(parsePaymentContext({ ...c, total: '1419' })).toBeNull();
    expect(parsePaymentContext({ ...c, token: '' })).toBeNull();
    expect(parsePaymentContext({ ...c, paymentIntentId: 7 })).toBeNull();
    expect(parsePaymentContext({ ...c, participants: [{ id: 'p1' }] })).toBeNull();
    expect(
      parsePaymentContext({
        ...c,
        participantAmounts: [{ id: 'p', name: 'P', amount: 1.5, fee: 0 }],
      }),
    ).toBeNull();
    expect(
      parsePaymentContext({
        ...c,
        items: [{ participantId: 'p', kind: 'bogus', name: 'x', amount: 1, portions: null }],
      }),
    ).toBeNull();
  });

  it('accepts a stored payment intent id (the two-step flow)', () => {
    const c = { ...context(), paymentIntentId: 'pi_sbx_1' };
    expect(parsePaymentContext(c)?.paymentIntentId).toBe('pi_sbx_1');
  });
});
