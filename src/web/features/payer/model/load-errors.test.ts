import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { billLoadMessage, checkoutLoadMessage, linkLoadMessage } from './load-errors';

const api = (status: number, message?: string) =>
  new ApiError(status, 'x', message ? { message } : null);

describe('linkLoadMessage (spec §8, payment link load)', () => {
  it('has its own words for 404, 5xx and the network, and the status otherwise', () => {
    expect(linkLoadMessage(api(404, 'anything'))).toBe('Payment link not found or has expired');
    expect(linkLoadMessage(api(500))).toBe('Server error - please try again in a moment');
    expect(linkLoadMessage(api(503))).toBe('Server error - please try again in a moment');
    expect(linkLoadMessage(api(400))).toBe('Unable to load payment data (400)');
    expect(linkLoadMessage(api(429))).toBe('Unable to load payment data (429)');
    expect(linkLoadMessage(new NetworkError())).toBe(
      'Network connection failed - please check your internet connection',
    );
    expect(linkLoadMessage(new Error('zod'))).toBe('Unable to load payment data');
  });

  it("shows the server's words for a link whose bill was deleted (410)", () => {
    expect(linkLoadMessage(api(410, 'This bill is no longer available'))).toBe(
      'This bill is no longer available',
    );
    expect(billLoadMessage(api(410, 'This bill is no longer available'))).toBe(
      'This bill is no longer available',
    );
  });
});

describe('billLoadMessage (spec §8, bill load)', () => {
  it('uses the bill wording for 5xx and a malformed answer', () => {
    expect(billLoadMessage(api(404, 'Payment link not found or has expired'))).toBe(
      'Payment link not found or has expired',
    );
    expect(billLoadMessage(api(502))).toBe('Server error loading bill data');
    expect(billLoadMessage(new Error('zod'))).toBe('Bill participants data is invalid');
    expect(billLoadMessage(api(418))).toBe('Unable to load payment data (418)');
  });
});

describe('checkoutLoadMessage', () => {
  it("shows the server's not-found words", () => {
    expect(checkoutLoadMessage(api(404, 'This checkout was not found'))).toBe(
      'This checkout was not found',
    );
    expect(checkoutLoadMessage(api(500))).toBe('Server error - please try again in a moment');
  });
});
