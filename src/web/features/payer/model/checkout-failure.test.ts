import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { cardPayFailure, checkoutFailure, PAYMENT_FAILED_DEFAULT } from './checkout-failure';

const api = (status: number, code?: string, message?: string, fields?: object) =>
  new ApiError(status, 'x', { code, message, ...(fields ? { fields } : {}) });

describe('checkoutFailure', () => {
  it('sends a creator who cannot take cards, and a provider failure, to Payment Not Available', () => {
    expect(
      checkoutFailure(api(409, 'payment_not_available', 'Alice cannot take card payments yet.')),
    ).toEqual({
      kind: 'not_available',
      message: 'Alice cannot take card payments yet.',
    });
    expect(
      checkoutFailure(api(502, 'provider_error', 'Unable to set up payment. Please try again.')),
    ).toEqual({
      kind: 'not_available',
      message: 'Unable to set up payment. Please try again.',
    });
  });

  it('tells already paid and expired apart from other refusals', () => {
    expect(checkoutFailure(api(409, 'already_paid', 'Priya has already paid')).kind).toBe(
      'already_paid',
    );
    expect(checkoutFailure(api(410, 'link_expired', 'This payment link has expired.')).kind).toBe(
      'expired',
    );
    expect(checkoutFailure(api(400, 'bad_request', 'Choose people from this bill'))).toEqual({
      kind: 'toast',
      message: 'Choose people from this bill',
    });
  });

  it('falls back to the default words, and names a network failure', () => {
    expect(checkoutFailure(api(500))).toEqual({ kind: 'toast', message: PAYMENT_FAILED_DEFAULT });
    expect(checkoutFailure(new Error('boom'))).toEqual({
      kind: 'toast',
      message: PAYMENT_FAILED_DEFAULT,
    });
    expect(checkoutFailure(new NetworkError()).message).toMatch(/^Network connection failed/);
  });
});

describe('cardPayFailure', () => {
  it('a decline keeps the provider message', () => {
    expect(cardPayFailure(api(402, 'card_declined', 'Your card was declined.'))).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
  });

  it("the server's field checks come back per field", () => {
    expect(
      cardPayFailure(
        api(400, 'card_invalid', 'This card has expired', { expiry: 'This card has expired' }),
      ),
    ).toEqual({
      kind: 'invalid',
      message: 'This card has expired',
      problems: { expiry: 'This card has expired' },
    });
  });

  it('already paid, expired and closed checkouts are closed; the rest is unexpected', () => {
    expect(cardPayFailure(api(409, 'already_paid', 'Sam has already paid')).kind).toBe('closed');
    expect(cardPayFailure(api(410, 'checkout_closed', 'Gone')).kind).toBe('closed');
    expect(cardPayFailure(api(403, 'bad_client_secret', 'Refresh')).kind).toBe('error');
    expect(cardPayFailure(api(500)).kind).toBe('unexpected');
    expect(cardPayFailure(new NetworkError())).toEqual({
      kind: 'unexpected',
      message: PAYMENT_FAILED_DEFAULT,
    });
  });
});
