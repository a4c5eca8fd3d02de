import { describe, expect, it } from 'vitest';
import { CONFIRM_POLL_LIMIT, CONFIRM_POLL_MS, nextPoll, successMode } from './success-mode';

describe('successMode', () => {
  it('reads a checkout session', () => {
    expect(successMode('?session_id=cs_sbx_abc')).toEqual({
      kind: 'session',
      sessionId: 'cs_sbx_abc',
    });
  });
  it('reads a payment intent coming back succeeded, or not', () => {
    expect(successMode('?payment_intent=pi_1&redirect_status=succeeded')).toEqual({
      kind: 'intent',
      paymentIntentId: 'pi_1',
    });
    expect(successMode('?payment_intent=pi_1&redirect_status=failed')).toEqual({
      kind: 'intent_failed',
      paymentIntentId: 'pi_1',
    });
  });
  it('is generic without either, or with an unfilled placeholder', () => {
    expect(successMode('')).toEqual({ kind: 'generic' });
    expect(successMode('?session_id=')).toEqual({ kind: 'generic' });
    expect(successMode('?session_id={CHECKOUT_SESSION_ID}')).toEqual({ kind: 'generic' });
  });
});

describe('nextPoll', () => {
  it('polls every 1.5 s while open, for about 15 s', () => {
    expect(nextPoll(true, 1)).toBe(CONFIRM_POLL_MS);
    expect(nextPoll(true, CONFIRM_POLL_LIMIT)).toBe(false);
    expect(nextPoll(false, 1)).toBe(false);
    expect(CONFIRM_POLL_MS * CONFIRM_POLL_LIMIT).toBe(15_000);
  });
});
