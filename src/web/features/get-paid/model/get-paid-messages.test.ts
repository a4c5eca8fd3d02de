import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { linksFailure, NO_PARTICIPANTS, PAYMENT_SETUP_FAILED } from './get-paid-messages';

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, JSON.stringify(body), body);

describe('linksFailure', () => {
  it('a 401 is left to the app-wide handler', () => {
    expect(linksFailure(apiError(401, { message: 'Authentication required' }))).toEqual({
      kind: 'unauthorized',
    });
  });

  it('409 payment_account_required opens the onboarding dialog', () => {
    expect(
      linksFailure(apiError(409, { code: 'payment_account_required', message: 'Connect...' })),
    ).toEqual({ kind: 'onboarding' });
  });

  it("no_participants gets the spec's words", () => {
    expect(linksFailure(apiError(400, { code: 'no_participants', message: 'x' }))).toEqual({
      kind: 'toast',
      text: NO_PARTICIPANTS,
    });
  });

  it("another refusal explained by the server keeps the spec's title and the server's words", () => {
    expect(
      linksFailure(apiError(400, { code: 'bad_request', message: "Sam's share is below zero" })),
    ).toEqual({
      kind: 'toast',
      text: { title: 'Payment setup failed', description: "Sam's share is below zero" },
    });
  });

  it("a server error, an unreadable answer or anything else: the spec's general message", () => {
    expect(linksFailure(apiError(500, { message: 'Something went wrong' }))).toEqual({
      kind: 'toast',
      text: PAYMENT_SETUP_FAILED,
    });
    expect(linksFailure(new ApiError(502, 'Bad Gateway', null))).toEqual({
      kind: 'toast',
      text: PAYMENT_SETUP_FAILED,
    });
    expect(linksFailure(new Error('zod'))).toEqual({ kind: 'toast', text: PAYMENT_SETUP_FAILED });
  });

  it('offline: says to check the connection', () => {
    const failure = linksFailure(new NetworkError());
    expect(failure).toEqual({
      kind: 'toast',
      text: {
        title: 'Payment setup failed',
        description: 'Network connection failed - please check your internet connection',
      },
    });
  });
});
