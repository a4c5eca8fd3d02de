import { describe, expect, it } from 'vitest';
import {
  BANK_POLL_LIMIT,
  BANK_POLL_MS,
  CONFIRM_POLL_LIMIT,
  CONFIRM_POLL_MS,
  nextPoll,
  nextSessionPoll,
  successMode,
} from './success-mode';

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

describe('nextSessionPoll', () => {
  it('waits for a bank every 2 s for 5 minutes; open as before; settled not at all', () => {
    expect(nextSessionPoll('processing', 1)).toBe(BANK_POLL_MS);
    expect(nextSessionPoll('processing', CONFIRM_POLL_LIMIT)).toBe(BANK_POLL_MS);
    expect(nextSessionPoll('processing', BANK_POLL_LIMIT)).toBe(false);
    expect(BANK_POLL_MS * BANK_POLL_LIMIT).toBe(300_000);
    expect(nextSessionPoll('open', 1)).toBe(CONFIRM_POLL_MS);
    expect(nextSessionPoll('open', CONFIRM_POLL_LIMIT)).toBe(false);
    for (const done of ['succeeded', 'failed', 'expired', 'refunded', undefined])
      expect(nextSessionPoll(done, 1)).toBe(false);
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
