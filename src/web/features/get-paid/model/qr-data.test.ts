import { describe, expect, it } from 'vitest';
import type {
  CreatePaymentLinksResponse,
  CreatorPaymentLink,
} from '../../../../contracts/payments';
import { isQrPaymentData, qrDataFromLinks, withLiveStatus } from './qr-data';

const link = (over: Partial<CreatorPaymentLink> = {}): CreatorPaymentLink => ({
  id: 'l1',
  token: 'tok',
  url: 'https://fairshare.example/pay/tok',
  participantId: 'p1',
  participantName: 'Alex',
  amount: '12.50',
  fee: '0.60',
  amountIncludingFee: '13.10',
  status: 'pending',
  paidAt: null,
  paidMethod: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-02T10:00:00.000Z',
  expired: false,
  disputed: false,
  ...over,
});

const response: CreatePaymentLinksResponse = {
  billId: 'b1',
  billStatus: 'active',
  paymentLinks: [
    link(),
    link({ id: 'l2', participantId: 'p2', participantName: 'Priya', status: 'paid' }),
  ],
};

describe('qrDataFromLinks', () => {
  it('keeps, per friend in order, what the QR screen shows', () => {
    expect(qrDataFromLinks('Dinner', response)).toEqual({
      billId: 'b1',
      billName: 'Dinner',
      friends: [
        {
          participantId: 'p1',
          name: 'Alex',
          url: 'https://fairshare.example/pay/tok',
          amount: '12.50',
          fee: '0.60',
          amountIncludingFee: '13.10',
          status: 'pending',
        },
        expect.objectContaining({ participantId: 'p2', name: 'Priya', status: 'paid' }),
      ],
    });
  });
});

describe('isQrPaymentData (the guard /qr-payment redirects home on)', () => {
  const good = qrDataFromLinks('Dinner', response);

  it('accepts what qrDataFromLinks makes, also after a JSON round trip', () => {
    expect(isQrPaymentData(good)).toBe(true);
    expect(isQrPaymentData(JSON.parse(JSON.stringify(good)))).toBe(true);
  });

  it('refuses nothing, other types and no friends', () => {
    for (const value of [null, undefined, 'x', 1, [], {}, { ...good, friends: [] }]) {
      expect(isQrPaymentData(value)).toBe(false);
    }
    expect(isQrPaymentData({ ...good, billId: '' })).toBe(false);
  });

  it('refuses a friend with a missing or malformed field', () => {
    const [friend] = good.friends;
    const bad = [
      { ...friend, name: 3 },
      { ...friend, amount: 12.5 },
      { ...friend, amount: '12.5' },
      { ...friend, amountIncludingFee: undefined },
      { ...friend, status: 'maybe' },
      { ...friend, participantId: undefined },
    ];
    for (const f of bad) expect(isQrPaymentData({ ...good, friends: [f] })).toBe(false);
  });

  it('refuses an address that is not a web page (stored data can be edited by hand)', () => {
    const [friend] = good.friends;
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'not a url', '']) {
      expect(isQrPaymentData({ ...good, friends: [{ ...friend, url }] })).toBe(false);
    }
    expect(
      isQrPaymentData({ ...good, friends: [{ ...friend, url: 'http://127.0.0.1:3000/pay/x' }] }),
    ).toBe(true);
  });
});

describe('withLiveStatus', () => {
  const data = qrDataFromLinks('Dinner', response);

  it("takes each friend's status from the server's latest answer", () => {
    const live = withLiveStatus(data, [
      { participantId: 'p1', status: 'paid' },
      { participantId: 'p2', status: 'paid' },
    ]);
    expect(live.friends.map((f) => f.status)).toEqual(['paid', 'paid']);
    expect(live.friends[0]!.url).toBe(data.friends[0]!.url);
  });

  it('keeps the stored status when there is no answer yet, or no word of a friend', () => {
    expect(withLiveStatus(data, undefined)).toBe(data);
    expect(
      withLiveStatus(data, [{ participantId: 'p2', status: 'pending' }]).friends.map(
        (f) => f.status,
      ),
    ).toEqual(['pending', 'pending']);
  });
});
