import { describe, expect, it } from 'vitest';
import { wholeBillBodySchema } from '../contracts/bills';
import { splitBill } from '../domain/split';
import { makeBill, makeBillBody, makeItem, makeItemBody, makeParticipants } from './builders';

describe('test data builders', () => {
  it('make a split input the engine takes, in pence, people and portions in the order written', () => {
    const bill = makeBill({
      participants: makeParticipants({ me: 'Morgan', alex: 'Alex', priya: 'Priya' }),
      items: [{ name: 'Naan', amount: '10.00', portions: { priya: 2, me: 1 } }],
      serviceCharge: '4.00',
      tipPercent: 12.5,
    });
    expect(bill.participants.map((p) => p.id)).toEqual(['me', 'alex', 'priya']);
    expect(bill.items[0]).toEqual({
      name: 'Naan',
      amountPence: 1000,
      splitMode: 'manual',
      assignments: [
        { participantId: 'priya', portions: 2 },
        { participantId: 'me', portions: 1 },
      ],
    });
    expect(bill.serviceChargePence).toBe(400);
    expect(splitBill(bill).total).toBe(1000 + 400 + 125);
  });

  it('split an item without portions equally, and leave tax out unless given', () => {
    expect(makeItem({ amount: '-1.50' })).toMatchObject({
      amountPence: -150,
      splitMode: 'equally',
      assignments: [],
    });
    expect(makeBill()).not.toHaveProperty('taxPence');
    expect(makeBill({ tax: '1.20' }).taxPence).toBe(120);
  });

  it('make a save body the contract accepts as it is', () => {
    const body = makeBillBody({
      name: 'Pizza Place',
      items: [makeItemBody({ name: 'Tea', amount: '3.00', portions: { p2: 1 } })],
    });
    expect(wholeBillBodySchema.parse(body)).toEqual(body);
    expect(body.items).toEqual([
      {
        name: 'Tea',
        amount: '3.00',
        splitMode: 'manual',
        assignments: [{ participant: 'p2', portions: 1 }],
      },
    ]);
    expect(wholeBillBodySchema.parse(makeBillBody())).toEqual(makeBillBody());
  });
});
