import type { FastifyInstance } from 'fastify';
import type { WholeBillBody } from '../../contracts/bills';
import { checkoutResponseSchema, createPaymentLinksResponseSchema } from '../../contracts/payments';
import type { Session } from './auth-helpers';
import { requestsTo } from './requests';

// Builders for the money path in API tests: a bill, a connected payout account, links, a payment.

/** Three people by item, 10% tip and £3.00 service (the test bill of bills.api.test.ts). */
export function makeWholeBill(overrides: Partial<WholeBillBody> = {}): WholeBillBody {
  return {
    name: 'Dishoom',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 10,
    serviceCharge: '3.00',
    participants: [
      { key: 'me', name: 'Alice' },
      { key: 'p2', name: 'Priya' },
      { key: 'p3', name: 'Jordan' },
    ],
    items: [
      {
        name: 'French Fries',
        amount: '4.99',
        splitMode: 'manual',
        assignments: [
          { participant: 'me', portions: 1.5 },
          { participant: 'p2', portions: 0.5 },
        ],
      },
      { name: 'Red Wine', amount: '22.00', splitMode: 'equally', assignments: [] },
      {
        name: 'Chai',
        amount: '3.50',
        splitMode: 'manual',
        assignments: [{ participant: 'p3', portions: 1 }],
      },
    ],
    ...overrides,
  };
}

const fail = (what: string, res: { statusCode: number; body: string }) =>
  new Error(`${what} failed: ${res.statusCode} ${res.body}`);

/** The money path's calls for one app, failing the test when a step does not work. */
export function moneyPath(app: () => FastifyInstance) {
  const { post } = requestsTo(app);
  return {
    async saveBill(s: Session, body = makeWholeBill()) {
      const res = await post(s, '/api/bills', body);
      if (res.statusCode !== 201) throw fail('saving a bill', res);
      return (res.json() as { id: string }).id;
    },
    async connectBank(s: Session) {
      const res = await post(s, '/api/sandbox/connect', {
        accountHolderName: 'Alice Archer',
        sortCode: '20-00-00',
        accountNumber: '55779911',
      });
      if (res.statusCode !== 200) throw fail('connecting a bank', res);
    },
    async createLinks(s: Session, billId: string) {
      const res = await post(s, '/api/payment-links', { billId });
      if (res.statusCode !== 201) throw fail('creating links', res);
      return createPaymentLinksResponseSchema.parse(res.json()).paymentLinks;
    },
    /** Pays one link's share with the sandbox's test card. */
    async payByCard(token: string, participantId: string) {
      const co = await post(null, '/api/payments/checkout', {
        token,
        participantIds: [participantId],
      });
      if (co.statusCode !== 200) throw fail('checkout', co);
      const { sessionId } = checkoutResponseSchema.parse(co.json());
      const pay = await post(null, `/api/sandbox/checkout/${sessionId}/pay`, {
        number: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
      if (pay.statusCode !== 200) throw fail('paying', pay);
    },
  };
}
