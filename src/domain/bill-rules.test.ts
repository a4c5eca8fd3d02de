import { describe, expect, it } from 'vitest';
import {
  AMOUNT_FORMAT_MESSAGE,
  AMOUNT_NEGATIVE_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  amountTextProblem,
  billFieldsProblem,
  billInputProblem,
  CONTROL_CHARACTERS_MESSAGE,
  ITEM_NAME_TOO_LONG_MESSAGE,
  itemNameProblem,
  PERSON_NAME_CHARACTERS_MESSAGE,
  personNameProblem,
  PORTIONS_MESSAGE,
  portionsProblem,
  TIP_PERCENT_MESSAGE,
  tipPercentProblem,
} from './bill-rules';
import type { SplitInput } from './split';
import { makeBill, makeParticipants } from '../testing/builders';

describe('amountTextProblem', () => {
  it.each(['0', '12.5', '12.50', '-1.20', '1000000', '1000000.00', ' 4.99 '])(
    'takes %j',
    (text) => {
      expect(amountTextProblem(text, { allowNegative: true })).toBeNull();
    },
  );
  it.each([
    ['12abc.50', AMOUNT_FORMAT_MESSAGE],
    ['3.333', AMOUNT_FORMAT_MESSAGE],
    ['1e5', AMOUNT_FORMAT_MESSAGE],
    ['', AMOUNT_FORMAT_MESSAGE],
    ['4.', AMOUNT_FORMAT_MESSAGE],
    ['1000000.01', AMOUNT_TOO_LARGE_MESSAGE],
    ['99999999999', AMOUNT_TOO_LARGE_MESSAGE],
    ['-1000000.01', AMOUNT_TOO_LARGE_MESSAGE],
  ])('refuses %j', (text, message) => {
    expect(amountTextProblem(text, { allowNegative: true })).toBe(message);
  });
  it('refuses a negative total or service charge only', () => {
    expect(amountTextProblem('-3', { allowNegative: false })).toBe(AMOUNT_NEGATIVE_MESSAGE);
    expect(amountTextProblem('-3', { allowNegative: true })).toBeNull();
  });
});

describe('the other field rules', () => {
  it('tip: 0 to 100', () => {
    expect(tipPercentProblem(0)).toBeNull();
    expect(tipPercentProblem(100)).toBeNull();
    expect(tipPercentProblem(150)).toBe(TIP_PERCENT_MESSAGE);
    expect(tipPercentProblem(-5)).toBe(TIP_PERCENT_MESSAGE);
    expect(tipPercentProblem(Number.NaN)).toBe(TIP_PERCENT_MESSAGE);
  });
  it('portions: 0.5 to 100 in halves', () => {
    expect(portionsProblem(0.5)).toBeNull();
    expect(portionsProblem(100)).toBeNull();
    for (const bad of [0, -1, 1.3, 100.5, 1_000_000_000])
      expect(portionsProblem(bad)).toBe(PORTIONS_MESSAGE);
  });
  it('item names: at most 120 characters, no control characters', () => {
    expect(itemNameProblem('x'.repeat(120))).toBeNull();
    expect(itemNameProblem('x'.repeat(121))).toBe(ITEM_NAME_TOO_LONG_MESSAGE);
    expect(itemNameProblem('Tea\u0000')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
  it('people: names as people write them', () => {
    for (const name of ["O'Brien", 'O’Brien', 'Zoë', 'Anne-Marie', 'St. John', '李'])
      expect(personNameProblem(name)).toBeNull();
    expect(personNameProblem('Ann 🍕')).toBe(PERSON_NAME_CHARACTERS_MESSAGE);
    expect(personNameProblem('Ann\u202E')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});

const bill = (overrides: Partial<SplitInput> = {}): SplitInput => ({
  ...makeBill({
    participants: makeParticipants({ a: 'Ann', b: 'Ben' }),
    items: [{ name: 'Tea', amount: '3.00', portions: { a: 1 } }],
    tipPercent: 10,
  }),
  ...overrides,
});

describe('billInputProblem', () => {
  it('passes a bill the server takes', () => {
    expect(billInputProblem(bill(), 'Dishoom')).toBeNull();
  });
  it('names the first rule a bill breaks', () => {
    expect(billFieldsProblem(bill({ tipPercent: 150 }))).toBe(TIP_PERCENT_MESSAGE);
    expect(billFieldsProblem(bill({ serviceChargePence: -300 }))).toBe(AMOUNT_NEGATIVE_MESSAGE);
    expect(billFieldsProblem(bill({ taxPence: -1 }))).toBe(AMOUNT_NEGATIVE_MESSAGE);
    expect(billFieldsProblem(bill({ taxPence: 271 }))).toBeNull();
    expect(
      billFieldsProblem(
        bill({
          participants: [
            { id: 'a', name: 'Ann 🍕' },
            { id: 'b', name: 'Ben' },
          ],
        }),
      ),
    ).toBe(`Ann 🍕: ${PERSON_NAME_CHARACTERS_MESSAGE}`);
    const voucher = {
      name: 'Voucher',
      amountPence: -200,
      splitMode: 'manual' as const,
      assignments: [{ participantId: 'b', portions: 1 }],
    };
    expect(billInputProblem(bill({ items: [...bill().items, voucher] }))).toMatch(
      /^Ben's share would be below £0.00/,
    );
    expect(billInputProblem(bill(), '')).toBe('Bill name is required');
  });
});
