import { describe, expect, it } from 'vitest';
import { expectAnswer, UnexpectedAnswerError } from './answer';

interface Link {
  token: string;
  amount: string;
  lines: { name: string }[];
}

describe('expectAnswer', () => {
  it('passes an answer with every named field and list through as it is', () => {
    const raw = { token: 't', amount: '1.00', lines: [], extra: 1 };
    expect(expectAnswer<Link>(raw, ['token', 'amount'], ['lines'])).toBe(raw);
  });

  it("refuses what is not the contract's shape", () => {
    const check = (raw: unknown) => () => expectAnswer<Link>(raw, ['token', 'amount'], ['lines']);
    expect(check('<html>Bad gateway</html>')).toThrow(UnexpectedAnswerError);
    expect(check(null)).toThrow('Unexpected answer: not an object');
    expect(check([])).toThrow('not an object');
    expect(check({ token: 't', lines: [] })).toThrow('Unexpected answer: no amount');
    expect(check({ token: 't', amount: '1', lines: {} })).toThrow('lines is not a list');
  });
});
