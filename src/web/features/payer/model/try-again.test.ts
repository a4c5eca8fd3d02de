import { describe, expect, it } from 'vitest';
import { tryAgainTarget } from './try-again';

describe('tryAgainTarget', () => {
  it('goes back when there is somewhere to go back to', () => {
    expect(tryAgainTarget(3, 'tok')).toEqual({ kind: 'back' });
  });
  it("opens the link's page without history, or home without a token", () => {
    expect(tryAgainTarget(1, 'a/b')).toEqual({ kind: 'go', to: '/pay/a%2Fb' });
    expect(tryAgainTarget(1, null)).toEqual({ kind: 'go', to: '/' });
    expect(tryAgainTarget(0, '  ')).toEqual({ kind: 'go', to: '/' });
  });
});
