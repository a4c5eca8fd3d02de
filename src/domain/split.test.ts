import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitEvenly } from './apportion';
import { MAX_BILL_PENCE, type Pence } from './money';
import {
  amountsProblem,
  BILL_BELOW_ZERO_MESSAGE,
  BILL_TOO_LARGE_MESSAGE,
  billTotals,
  splitBill,
  splitInputProblem,
  tipAmount,
  unallocatedItems,
  type ItemAssignment,
  type SplitInput,
  type SplitItem,
  type SplitParticipant,
  type SplitResult,
} from './split';

const RUNS = { numRuns: 1000 };

// ---- builders ----

const people = (...names: string[]): SplitParticipant[] =>
  names.map((name) => ({ id: name.toLowerCase(), name }));

const on = (portionsById: Record<string, number>): ItemAssignment[] =>
  Object.entries(portionsById).map(([participantId, portions]) => ({ participantId, portions }));

const item = (
  name: string,
  amountPence: Pence,
  portionsById: Record<string, number>,
): SplitItem => ({
  name,
  amountPence,
  splitMode: 'manual',
  assignments: on(portionsById),
});

const equally = (name: string, amountPence: Pence): SplitItem => ({
  name,
  amountPence,
  splitMode: 'equally',
  assignments: [],
});

const makeInput = (overrides: Partial<SplitInput>): SplitInput => ({
  participants: people('Ann', 'Ben', 'Cat'),
  items: [],
  tipPercent: 0,
  serviceChargePence: 0,
  mode: 'byItem',
  ...overrides,
});

/** [originalAmount, tip, service, amount, fee] per person, for compact expectations. */
const rows = (result: SplitResult) =>
  result.participants.map((p) => [
    p.originalAmount,
    p.tipPence,
    p.serviceChargePence,
    p.amount,
    p.feePence,
  ]);

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

// ---- hand-worked examples ----

describe('splitBill: hand-worked examples', () => {
  it('seeded French Fries £4.99 and Red Wine £22.00, three ways, 10% tip, £3.00 service', () => {
    // Items (each split 1:1:1, leftover pence to the earliest person on a tie):
    //   Fries 499 / 3 = 166.33 -> 166 each, 1p left -> Ann: 167, 166, 166
    //   Wine 2200 / 3 = 733.33 -> 733 each, 1p left -> Ann: 734, 733, 733
    //   Items share: Ann 901, Ben 899, Cat 899; subtotal 2699 (£26.99)
    // Tip: 10% x 2699 = 269.9 -> 270 (£2.70), shared 901 : 899 : 899
    //   exact 90.13, 89.93, 89.93 -> floors 90, 89, 89 (268), 2p left
    //   remainders (x 1/2699) 360, 2519, 2519 -> Ben and Cat -> 90, 90, 90
    // Service: 300 / 3 -> 100 each
    // Amounts: Ann 901 + 90 + 100 = 1091, Ben 1089, Cat 1089; total 3269 (£32.69)
    // Fee: 3% x 3269 = 98.07 -> 98 (£0.98); 98 / 3 = 32.67 -> 33, 33, 32
    // Total inc. fees 3269 + 98 = 3367 (£33.67)
    const everyone = { ann: 1, ben: 1, cat: 1 };
    const result = splitBill(
      makeInput({
        items: [item('French Fries', 499, everyone), item('Red Wine', 2200, everyone)],
        tipPercent: 10,
        serviceChargePence: 300,
      }),
    );
    expect(result).toMatchObject({
      subtotal: 2699,
      tip: 270,
      serviceCharge: 300,
      total: 3269,
      fee: 98,
      feePerParticipant: [33, 33, 32],
      totalIncludingFees: 3367,
    });
    expect(rows(result)).toEqual([
      [901, 90, 100, 1091, 33],
      [899, 90, 100, 1089, 33],
      [899, 90, 100, 1089, 32],
    ]);
    expect(result.participants.map((p) => p.amountIncludingFeePence)).toEqual([1124, 1122, 1121]);
    expect(result.participants[0]!.items).toEqual([
      { itemIndex: 0, name: 'French Fries', amountPence: 167 },
      { itemIndex: 1, name: 'Red Wine', amountPence: 734 },
    ]);
  });

  it('portions 1.5 and 0.5', () => {
    // Pizza 1200: Ann 1.5, Ben 0.5 -> 3 : 1 half-portions -> 900, 300.
    // Nachos 1000: Ann 1.5, Ben 0.5, Cat 1 -> 3 : 1 : 2 of 6
    //   exact 500, 166.67, 333.33 -> floors 500, 166, 333 (999); remainders 0, 4, 2 (x 1/6) -> Ben
    //   -> 500, 167, 333
    // No tip or service: amounts 1400, 467, 333 = 2200.
    const result = splitBill(
      makeInput({
        items: [
          item('Pizza', 1200, { ann: 1.5, ben: 0.5 }),
          item('Nachos', 1000, { ann: 1.5, ben: 0.5, cat: 1 }),
        ],
      }),
    );
    expect(result.participants.map((p) => p.items.map((line) => line.amountPence))).toEqual([
      [900, 500],
      [300, 167],
      [333],
    ]);
    expect(result.participants.map((p) => p.amount)).toEqual([1400, 467, 333]);
    expect(result.total).toBe(2200);
  });

  it('an item split equally goes to every participant, and stays with a 0-portion assignee', () => {
    // Bread 500 equally -> 167, 167, 166 (2p left, Ann then Ben). Olives 300 to Cat alone,
    // Ann listed at 0 portions (not assigned): Cat 300.
    // Tip 12.5% of 800 = 100, shared 167 : 167 : 466 of 800 -> exact 20.875, 20.875, 58.25
    //   floors 20, 20, 58 (98); remainders 0.875, 0.875, 0.25 -> Ann, Ben -> 21, 21, 58
    const result = splitBill(
      makeInput({
        items: [equally('Bread', 500), item('Olives', 300, { ann: 0, cat: 1 })],
        tipPercent: 12.5,
      }),
    );
    expect(rows(result)).toEqual([
      [167, 21, 0, 188, 9],
      [167, 21, 0, 188, 9],
      [466, 58, 0, 524, 9],
    ]);
    expect(result.participants[0]!.items.map((line) => line.name)).toEqual(['Bread']);
    expect(result.fee).toBe(27); // 3% of 900
  });

  it('whole-bill equal mode divides the total evenly and keeps each part within 1p of even', () => {
    // Seeded bill, 10% tip, £3.00 service: total 3269 / 3 = 1089.67 -> 1090, 1090, 1089.
    // The running total is split evenly after each part:
    //   after Fries 499     -> 167, 166, 166  => Fries   167, 166, 166
    //   after Wine 2699     -> 900, 900, 899  => Wine    733, 734, 733
    //   after service 2999  -> 1000, 1000, 999 => service 100 each
    //   after tip 3269      -> 1090, 1090, 1089 => tip    90 each
    const result = splitBill(
      makeInput({
        mode: 'equal',
        items: [item('French Fries', 499, { ann: 1 }), item('Red Wine', 2200, { ann: 1 })],
        tipPercent: 10,
        serviceChargePence: 300,
      }),
    );
    expect(rows(result)).toEqual([
      [900, 90, 100, 1090, 33],
      [900, 90, 100, 1090, 33],
      [899, 90, 100, 1089, 32],
    ]);
    expect(result.participants.map((p) => p.items.map((line) => line.amountPence))).toEqual([
      [167, 733],
      [166, 734],
      [166, 733],
    ]);
  });

  it('equal mode stays within 1p of even when a discount takes the running total below zero', () => {
    // Voucher -1 then service 137 over 5: total 136 -> 28, 27, 27, 27, 27.
    // Running totals 0, -1, 136 are raised by 1p a head (5p) to 5, 4, 141 and split evenly:
    //   [1,1,1,1,1], [1,1,1,1,0], [29,28,28,28,28], less 1 each
    //   => voucher 0, 0, 0, 0, -1 and service 28, 27, 27, 27, 28
    const result = splitBill(
      makeInput({
        mode: 'equal',
        participants: people('A', 'B', 'C', 'D', 'E'),
        items: [equally('Voucher', -1)],
        serviceChargePence: 137,
      }),
    );
    expect(result.participants.map((p) => p.amount)).toEqual([28, 27, 27, 27, 27]);
    expect(result.participants.map((p) => p.items[0]!.amountPence)).toEqual([0, 0, 0, 0, -1]);
    expect(result.participants.map((p) => p.serviceChargePence)).toEqual([28, 27, 27, 27, 28]);
  });

  it('equal mode mirrors a negative bill: the earliest people take the extra penny off', () => {
    const result = splitBill(makeInput({ mode: 'equal', items: [equally('Refund', -100)] }));
    expect(result.participants.map((p) => p.amount)).toEqual([-34, -33, -33]);
  });

  it('equal mode ignores assignments, so unassigned items do not block it', () => {
    const result = splitBill(makeInput({ mode: 'equal', items: [item('Cake', 100, {})] }));
    expect(result.participants.map((p) => p.amount)).toEqual([34, 33, 33]);
  });

  it('a discount item reduces the shares of those on it, and adds no tip for a net discount', () => {
    // Burger 1000 Ann; Fries 400 Ben; Voucher -300 equally -> -100 each.
    // Items share: Ann 900, Ben 300, Cat -100; subtotal 1100.
    // Tip 10% = 110 shared 900 : 300 : 0 (Cat's net discount counts as 0)
    //   exact 82.5, 27.5 -> floors 82, 27 (109); tie on .5 -> Ann -> 83, 27, 0
    // Amounts 983, 327, -100 = 1210. Fee 3% x 1210 = 36.3 -> 36 -> 12 each.
    const result = splitBill(
      makeInput({
        items: [
          item('Burger', 1000, { ann: 1 }),
          item('Fries', 400, { ben: 1 }),
          equally('Voucher', -300),
        ],
        tipPercent: 10,
      }),
    );
    expect(rows(result)).toEqual([
      [900, 83, 0, 983, 12],
      [300, 27, 0, 327, 12],
      [-100, 0, 0, -100, 12],
    ]);
    expect(result.total).toBe(1210);
  });

  it('a discount that does not divide evenly mirrors a charge: the earliest person takes the extra penny off', () => {
    const result = splitBill(
      makeInput({
        items: [item('Meal', 3000, { ann: 1, ben: 1, cat: 1 }), equally('Voucher', -100)],
      }),
    );
    expect(result.participants.map((p) => p.items[1]!.amountPence)).toEqual([-34, -33, -33]);
    expect(result.participants.map((p) => p.amount)).toEqual([966, 967, 967]);
  });

  it('a bill that nets to a discount has no tip and no fee', () => {
    const result = splitBill(
      makeInput({ items: [equally('Refund', -500), equally('Tea', 200)], tipPercent: 20 }),
    );
    expect(result).toMatchObject({ subtotal: -300, tip: 0, total: -300, fee: 0 });
    expect(result.feePerParticipant).toEqual([0, 0, 0]);
  });

  it('a zero subtotal carries no tip, and the service charge is still shared evenly', () => {
    const result = splitBill(makeInput({ items: [], tipPercent: 15, serviceChargePence: 100 }));
    expect(rows(result)).toEqual([
      [0, 0, 34, 34, 1],
      [0, 0, 33, 33, 1],
      [0, 0, 33, 33, 1],
    ]);
    expect(result.fee).toBe(3);
  });

  it('someone on no item pays only their service share', () => {
    const result = splitBill(
      makeInput({
        items: [item('Steak', 2500, { ann: 1, ben: 1 })],
        tipPercent: 10,
        serviceChargePence: 200,
      }),
    );
    expect(result.participants[2]).toMatchObject({
      originalAmount: 0,
      tipPence: 0,
      serviceChargePence: 66,
      amount: 66,
      items: [],
    });
  });

  it('one person pays everything', () => {
    const result = splitBill(
      makeInput({
        participants: people('Solo'),
        items: [item('Soup', 650, { solo: 2 })],
        tipPercent: 10,
        serviceChargePence: 99,
      }),
    );
    expect(rows(result)).toEqual([[650, 65, 99, 814, 24]]);
  });

  it('a missing item name shows as Unknown Item', () => {
    const result = splitBill(makeInput({ items: [item('  ', 100, { ann: 1 })] }));
    expect(result.participants[0]!.items[0]!.name).toBe('Unknown Item');
  });
});

describe('tipAmount', () => {
  it.each([
    [2699, 10, 270],
    [2699, 0, 0],
    [2699, 100, 2699],
    [1000, 12.5, 125],
    [1000, 0.07, 1], // 0.7p rounds to 1p; 0.07 * 100 has float noise, read as 7 bp
    [15, 10, 2], // 1.5p rounds half away from zero
    [0, 50, 0],
    [-500, 10, 0],
  ])('%i pence at %d%% -> %i', (subtotal, percent, expected) => {
    expect(tipAmount(subtotal, percent)).toBe(expected);
  });

  it.each([-1, 101, Number.NaN])('rejects %d%%', (percent) => {
    expect(() => tipAmount(1000, percent)).toThrow(RangeError);
  });
});

describe('billTotals', () => {
  it('adds items, service and tip without needing allocation', () => {
    expect(
      billTotals({
        items: [item('Unassigned', 1000, {})],
        tipPercent: 10,
        serviceChargePence: 250,
      }),
    ).toEqual({ subtotal: 1000, serviceCharge: 250, tip: 100, tax: 0, total: 1350 });
  });

  it('adds a tax on top to the total; refuses a negative one', () => {
    expect(
      billTotals({
        items: [item('Unassigned', 1000, {})],
        tipPercent: 10,
        serviceChargePence: 250,
        taxPence: 89,
      }),
    ).toEqual({ subtotal: 1000, serviceCharge: 250, tip: 100, tax: 89, total: 1439 });
    expect(() =>
      billTotals({ items: [], tipPercent: 0, serviceChargePence: 0, taxPence: -1 }),
    ).toThrow(RangeError);
  });

  it('rejects a negative service charge or a fractional amount', () => {
    expect(() => billTotals({ items: [], tipPercent: 0, serviceChargePence: -1 })).toThrow(
      RangeError,
    );
    expect(() =>
      billTotals({ items: [item('Half', 10.5, {})], tipPercent: 0, serviceChargePence: 0 }),
    ).toThrow(RangeError);
  });
});

describe('unallocatedItems and splitInputProblem', () => {
  const base = makeInput({
    items: [
      item('Assigned', 100, { ann: 1 }),
      item('Nobody', 200, {}),
      equally('Shared', 300),
      item('Zero portions', 400, { ben: 0 }),
      item('Gone', 500, { zed: 1 }),
    ],
  });

  it('lists manual items with nobody on them at more than 0 portions', () => {
    expect(unallocatedItems(base)).toEqual([1, 3, 4]);
    expect(splitInputProblem(base)).toEqual({
      code: 'items-unallocated',
      title: 'Items need to be allocated',
      description: 'Assign every item to someone, or split it equally.',
    });
  });

  it('is empty in equal mode', () => {
    expect(unallocatedItems({ ...base, mode: 'equal' })).toEqual([]);
    expect(splitInputProblem({ ...base, mode: 'equal' })).toBeNull();
  });

  it('reports missing items, then missing participants', () => {
    expect(splitInputProblem(makeInput({ items: [], participants: [] }))?.title).toBe(
      'Missing items',
    );
    expect(
      splitInputProblem(makeInput({ items: [equally('Tea', 100)], participants: [] })),
    ).toEqual({
      code: 'missing-participants',
      title: 'Missing participants',
      description: 'Please add at least one participant to split with.',
    });
    expect(splitInputProblem(makeInput({ items: [equally('Tea', 100)] }))).toBeNull();
  });
});

describe('splitBill: rejects input the editor cannot produce', () => {
  it.each<[string, Partial<SplitInput>]>([
    ['no participants', { participants: [] }],
    [
      'duplicate ids',
      {
        participants: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
      },
    ],
    ['an unallocated item', { items: [item('Nobody', 100, {})] }],
    ['an unknown assignee', { items: [item('Ghost', 100, { ann: 1, zed: 1 })] }],
    ['portions not in 0.5 steps', { items: [item('Odd', 100, { ann: 0.3 })] }],
    ['negative portions', { items: [item('Neg', 100, { ann: -1, ben: 1 })] }],
    [
      'a duplicate assignee',
      {
        items: [
          {
            ...item('Twice', 100, {}),
            assignments: [
              { participantId: 'ann', portions: 1 },
              { participantId: 'ann', portions: 1 },
            ],
          },
        ],
      },
    ],
    ['a tip over 100%', { tipPercent: 150 }],
    ['a fractional service charge', { serviceChargePence: 1.5 }],
  ])('%s', (_, overrides) => {
    expect(() => splitBill(makeInput(overrides))).toThrow(RangeError);
  });
});

// ---- properties ----

const halfPortions = fc.integer({ min: 1, max: 8 }).map((halves) => halves / 2);

/** A bill the editor could produce. `amounts` decides whether discounts (negative items) appear. */
function inputs(options: { amounts?: fc.Arbitrary<number>; mode?: SplitInput['mode'] } = {}) {
  const amounts = options.amounts ?? fc.integer({ min: 0, max: 50_000 });
  return fc.integer({ min: 1, max: 8 }).chain((count) => {
    const participants = Array.from({ length: count }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
    const manualItem = fc.record({
      name: fc.constantFrom('Fries', 'Wine', ''),
      amountPence: amounts,
      splitMode: fc.constant<'manual'>('manual'),
      assignments: fc
        .shuffledSubarray(participants, { minLength: 1 })
        .chain((chosen) =>
          fc.tuple(
            ...chosen.map((p) =>
              halfPortions.map((portions) => ({ participantId: p.id, portions })),
            ),
          ),
        ),
    });
    const equalItem = fc.record({
      name: fc.constant('Shared'),
      amountPence: amounts,
      splitMode: fc.constant<'equally'>('equally'),
      assignments: fc.constant([]),
    });
    return fc.record({
      participants: fc.constant(participants),
      items: fc.array(
        fc.oneof({ weight: 4, arbitrary: manualItem }, { weight: 1, arbitrary: equalItem }),
        {
          maxLength: 12,
        },
      ),
      tipPercent: fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
      ),
      serviceChargePence: fc.integer({ min: 0, max: 5_000 }),
      mode: options.mode
        ? fc.constant(options.mode)
        : fc.constantFrom<SplitInput['mode']>('byItem', 'equal'),
    });
  });
}

const withDiscounts = fc.oneof(
  fc.integer({ min: 0, max: 50_000 }),
  fc.integer({ min: -5_000, max: -1 }),
);

/** Each item's lines, summed over people, by item index. */
const itemSums = (result: SplitResult, itemCount: number) => {
  const sums = new Array<number>(itemCount).fill(0);
  for (const p of result.participants)
    for (const line of p.items) sums[line.itemIndex]! += line.amountPence;
  return sums;
};

/** Half-portion weights of an item in participant order, as splitBill divides it. */
const weightsOf = (input: SplitInput, entry: SplitItem) =>
  input.participants.map((p) =>
    entry.splitMode === 'equally'
      ? 1
      : 2 * (entry.assignments.find((a) => a.participantId === p.id)?.portions ?? 0),
  );

/**
 * Whether the order of people can change this division: some leftover penny is decided between
 * equal remainders, one winning and one losing. Remainders themselves do not depend on order.
 */
function hasDecidingTie(total: number, weights: readonly number[]): boolean {
  const weightSum = BigInt(sum(weights));
  if (weightSum === 0n) return false;
  const magnitude = BigInt(Math.abs(total));
  const remainders = weights
    .map((w) => (magnitude * BigInt(w)) % weightSum)
    .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const leftover = Number(remainders.reduce((a, b) => a + b, 0n) / weightSum);
  return (
    leftover > 0 && leftover < weights.length && remainders[leftover - 1] === remainders[leftover]
  );
}

describe('splitBill: properties', () => {
  it("people's amounts sum to the total exactly, and so do their tip, service and item shares", () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        const result = splitBill(input);
        const ps = result.participants;
        expect(sum(ps.map((p) => p.amount))).toBe(result.total);
        expect(sum(ps.map((p) => p.originalAmount))).toBe(result.subtotal);
        expect(sum(ps.map((p) => p.tipPence))).toBe(result.tip);
        expect(sum(ps.map((p) => p.serviceChargePence))).toBe(result.serviceCharge);
        expect(result.total).toBe(result.subtotal + result.serviceCharge + result.tip);
        for (const p of ps) {
          expect(sum(p.items.map((line) => line.amountPence))).toBe(p.originalAmount);
          expect(p.amount).toBe(p.originalAmount + p.tipPence + p.serviceChargePence);
        }
      }),
      RUNS,
    );
  });

  it("each item's parts sum to the item", () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        expect(itemSums(splitBill(input), input.items.length)).toEqual(
          input.items.map((i) => i.amountPence),
        );
      }),
      RUNS,
    );
  });

  it('fee shares sum to the fee, and the fee is 3% of the total to the penny', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        const result = splitBill(input);
        expect(sum(result.feePerParticipant)).toBe(result.fee);
        expect(result.participants.map((p) => p.feePence)).toEqual(result.feePerParticipant);
        expect(
          Math.max(...result.feePerParticipant) - Math.min(...result.feePerParticipant),
        ).toBeLessThanOrEqual(1);
        if (result.total > 0)
          expect(Math.abs(result.fee * 100 - result.total * 3)).toBeLessThanOrEqual(50);
        else expect(result.fee).toBe(0);
        expect(result.totalIncludingFees).toBe(result.total + result.fee);
        expect(sum(result.participants.map((p) => p.amountIncludingFeePence))).toBe(
          result.totalIncludingFees,
        );
      }),
      RUNS,
    );
  });

  it('no share is negative when no amount is', () => {
    fc.assert(
      fc.property(inputs(), (input) => {
        const result = splitBill(input);
        for (const p of result.participants) {
          for (const value of [
            p.originalAmount,
            p.tipPence,
            p.serviceChargePence,
            p.amount,
            p.feePence,
          ]) {
            expect(value).toBeGreaterThanOrEqual(0);
          }
          for (const line of p.items) expect(line.amountPence).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('the same input gives the same output, and the input is left untouched', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        const copy = structuredClone(input);
        const first = splitBill(input);
        expect(input).toEqual(copy);
        expect(splitBill(copy)).toEqual(first);
      }),
      RUNS,
    );
  });

  it('doubling every portion changes nothing', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        const doubled = {
          ...input,
          items: input.items.map((i) => ({
            ...i,
            assignments: i.assignments.map((a) => ({ ...a, portions: a.portions * 2 })),
          })),
        };
        expect(splitBill(doubled)).toEqual(splitBill(input));
      }),
      RUNS,
    );
  });

  it('the order of assignees within an item changes nothing (ties follow the participant list)', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts }), (input) => {
        const reversed = {
          ...input,
          items: input.items.map((i) => ({ ...i, assignments: [...i.assignments].reverse() })),
        };
        expect(splitBill(reversed)).toEqual(splitBill(input));
      }),
      RUNS,
    );
  });

  it('a participant with no items pays only their service-charge share', () => {
    fc.assert(
      fc.property(inputs({ mode: 'byItem' }), fc.nat(), (input, at) => {
        const manualOnly = input.items.filter((i) => i.splitMode === 'manual');
        const position = at % (input.participants.length + 1);
        const participants = [...input.participants];
        participants.splice(position, 0, { id: 'idle', name: 'Idle' });
        const result = splitBill({ ...input, participants, items: manualOnly });
        const idle = result.participants[position]!;
        expect(idle.id).toBe('idle');
        expect(idle).toMatchObject({ originalAmount: 0, tipPence: 0, items: [] });
        expect(idle.amount).toBe(splitEvenly(result.serviceCharge, participants.length)[position]);
      }),
      RUNS,
    );
  });

  it('each item share is within 1p of portions / total portions x amount (by item)', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts, mode: 'byItem' }), (input) => {
        const result = splitBill(input);
        input.items.forEach((entry, index) => {
          const weights = weightsOf(input, entry);
          const weightSum = sum(weights);
          result.participants.forEach((p, i) => {
            const line = p.items.find((l) => l.itemIndex === index);
            expect(line === undefined).toBe(weights[i] === 0);
            // |line - amount * w / W| < 1, in integers.
            expect(
              Math.abs((line?.amountPence ?? 0) * weightSum - entry.amountPence * weights[i]!),
            ).toBeLessThan(weightSum);
          });
        });
      }),
      RUNS,
    );
  });

  it('equal mode: amounts are the total split evenly, and every part is within 1p of even', () => {
    fc.assert(
      fc.property(inputs({ amounts: withDiscounts, mode: 'equal' }), (input) => {
        const result = splitBill(input);
        const count = input.participants.length;
        expect(result.participants.map((p) => p.amount)).toEqual(splitEvenly(result.total, count));
        const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
        expect(spread(result.participants.map((p) => p.tipPence))).toBeLessThanOrEqual(1);
        expect(spread(result.participants.map((p) => p.serviceChargePence))).toBeLessThanOrEqual(1);
        input.items.forEach((_, index) => {
          const lines = result.participants.map((p) => p.items[index]!.amountPence);
          expect(spread(lines)).toBeLessThanOrEqual(1);
        });
      }),
      RUNS,
    );
  });

  it('reordering participants only reorders shares, up to ties', () => {
    // What is asserted, precisely:
    // - Even splits (service charge, fee, and everything in equal mode) depend only on position:
    //   the k-th person in either order pays the same.
    // - An item's division depends only on the weights unless a leftover penny is decided between
    //   equal remainders; for untied items each person's line is identical, for tied ones it moves
    //   by at most 1p.
    // - The tip follows the items shares: if no item and not the tip itself is tied, each person's
    //   tip is identical; otherwise it moves by at most 1p per item plus 1p.
    fc.assert(
      fc.property(
        inputs().chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.participants], {
              minLength: input.participants.length,
              maxLength: input.participants.length,
            }),
          ),
        ),
        ([input, shuffled]) => {
          const before = splitBill(input);
          const after = splitBill({ ...input, participants: shuffled });
          expect(after.total).toBe(before.total);
          expect(after.participants.map((p) => p.id)).toEqual(shuffled.map((p) => p.id));

          const byPosition = (r: SplitResult) =>
            r.participants.map((p) => [
              p.serviceChargePence,
              p.feePence,
              ...(input.mode === 'equal' ? [p.amount, p.tipPence] : []),
            ]);
          expect(byPosition(after)).toEqual(byPosition(before));
          if (input.mode === 'equal') return;

          const was = new Map(before.participants.map((p) => [p.id, p]));
          let anyItemTie = false;
          input.items.forEach((entry, index) => {
            const tied = hasDecidingTie(entry.amountPence, weightsOf(input, entry));
            anyItemTie ||= tied;
            for (const p of after.participants) {
              const now = p.items.find((l) => l.itemIndex === index)?.amountPence ?? 0;
              const then =
                was.get(p.id)!.items.find((l) => l.itemIndex === index)?.amountPence ?? 0;
              if (tied) expect(Math.abs(now - then)).toBeLessThanOrEqual(1);
              else expect(now).toBe(then);
            }
          });
          const tipWeights = before.participants.map((p) => Math.max(p.originalAmount, 0));
          const tipTied = anyItemTie || hasDecidingTie(before.tip, tipWeights);
          for (const p of after.participants) {
            const then = was.get(p.id)!.tipPence;
            if (tipTied)
              expect(Math.abs(p.tipPence - then)).toBeLessThanOrEqual(input.items.length + 1);
            else expect(p.tipPence).toBe(then);
          }
        },
      ),
      RUNS,
    );
  });
});

describe('amountsProblem (issue 22)', () => {
  const input = (items: [number, string[] | 'equally'][], serviceChargePence = 0): SplitInput => ({
    mode: 'byItem',
    tipPercent: 10,
    serviceChargePence,
    participants: [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Ben' },
    ],
    items: items.map(([amountPence, who], i) => ({
      name: `Item ${i}`,
      amountPence,
      splitMode: who === 'equally' ? 'equally' : 'manual',
      assignments:
        who === 'equally' ? [] : who.map((participantId) => ({ participantId, portions: 1 })),
    })),
  });

  it('takes an ordinary bill, and one exactly at the maximum', () => {
    expect(
      amountsProblem(
        input([
          [1000, ['a']],
          [500, ['b']],
        ]),
      ),
    ).toBeNull();
    expect(amountsProblem(input([[99_999_000, 'equally']], 1000))).toBeNull();
  });
  it('refuses a bill whose items and service charge come to more than £1,000,000.00', () => {
    expect(amountsProblem(input([[99_999_000, 'equally']], 1001))).toBe(BILL_TOO_LARGE_MESSAGE);
    expect(amountsProblem(input([[3 * 999_999_999, 'equally']]))).toBe(BILL_TOO_LARGE_MESSAGE);
  });
  it('refuses a total below zero, then a share below zero', () => {
    expect(
      amountsProblem(
        input([
          [1000, 'equally'],
          [-2000, 'equally'],
        ]),
      ),
    ).toBe(BILL_BELOW_ZERO_MESSAGE);
    expect(
      amountsProblem(
        input([
          [3000, ['a']],
          [-500, ['b']],
        ]),
      ),
    ).toMatch(/^Ben's share would be below £0\.00/);
    expect(
      amountsProblem(
        input([
          [3000, 'equally'],
          [-500, ['b']],
        ]),
      ),
    ).toBeNull();
  });
  it('leaves unallocated items to splitInputProblem', () => {
    expect(amountsProblem(input([[3000, []]]))).toBeNull();
  });
});

describe('splitBill: tax added on top, shared like the tip', () => {
  it('shares the tax in proportion to each person’s items, the leftover penny by largest remainder', () => {
    const result = splitBill(
      makeInput({
        participants: people('Ann', 'Ben'),
        items: [item('Burger', 1000, { ann: 1 }), item('Steak', 2000, { ben: 1 })],
        taxPence: 100,
      }),
    );
    // 33.33p and 66.67p: the spare penny goes to the larger remainder.
    expect(result.participants.map((p) => p.taxPence)).toEqual([33, 67]);
    expect(result.participants.map((p) => p.amount)).toEqual([1033, 2067]);
    expect(result).toMatchObject({ subtotal: 3000, tax: 100, total: 3100 });
  });

  it('gives no tax to someone whose items are a discount; a bill of discounts only shares it evenly', () => {
    const mixed = splitBill(
      makeInput({
        participants: people('Ann', 'Ben'),
        items: [item('Wine', 3000, { ann: 1 }), item('Voucher', -500, { ben: 1 })],
        taxPence: 250,
      }),
    );
    expect(mixed.participants.map((p) => p.taxPence)).toEqual([250, 0]);
    const discounts = splitBill(
      makeInput({
        participants: people('Ann', 'Ben'),
        items: [item('Voucher', -500, { ann: 1 })],
        taxPence: 501,
      }),
    );
    expect(discounts.participants.map((p) => p.taxPence)).toEqual([251, 250]);
    expect(sum(discounts.participants.map((p) => p.amount))).toBe(discounts.total);
  });

  const taxed = inputs({ amounts: withDiscounts }).chain((input) =>
    fc.integer({ min: 0, max: 100_000 }).map((taxPence) => ({ ...input, taxPence })),
  );

  it('every share sums to its total exactly, the tax included', () => {
    fc.assert(
      fc.property(taxed, (input) => {
        const result = splitBill(input);
        const ps = result.participants;
        expect(result.tax).toBe(input.taxPence);
        expect(result.total).toBe(result.subtotal + result.serviceCharge + result.tip + result.tax);
        expect(sum(ps.map((p) => p.taxPence))).toBe(result.tax);
        expect(sum(ps.map((p) => p.amount))).toBe(result.total);
        for (const p of ps) {
          expect(p.amount).toBe(p.originalAmount + p.tipPence + p.serviceChargePence + p.taxPence);
          expect(p.taxPence).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('by item, a tax of the tip’s size is shared exactly as the tip is', () => {
    fc.assert(
      fc.property(inputs({ mode: 'byItem' }), (input) => {
        const plain = splitBill(input);
        fc.pre(plain.tip > 0);
        const result = splitBill({ ...input, taxPence: plain.tip });
        expect(result.participants.map((p) => p.taxPence)).toEqual(
          plain.participants.map((p) => p.tipPence),
        );
      }),
      RUNS,
    );
  });

  it('by item, each share of the tax is within a penny of its exact proportion', () => {
    fc.assert(
      fc.property(
        inputs({ mode: 'byItem' }),
        fc.integer({ min: 1, max: 100_000 }),
        (input, tax) => {
          const result = splitBill({ ...input, taxPence: tax });
          const weights = result.participants.map((p) => Math.max(p.originalAmount, 0));
          const total = sum(weights);
          fc.pre(total > 0);
          result.participants.forEach((p, i) => {
            expect(Math.abs(p.taxPence - (tax * weights[i]!) / total)).toBeLessThan(1);
          });
        },
      ),
      RUNS,
    );
  });

  it('split equally, people’s amounts are within a penny of each other', () => {
    fc.assert(
      fc.property(inputs({ mode: 'equal' }), fc.integer({ min: 0, max: 100_000 }), (input, tax) => {
        const amounts = splitBill({ ...input, taxPence: tax }).participants.map((p) => p.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('counts the tax in the bill’s size and refuses a bill over the limit', () => {
    const input = makeInput({
      items: [equally('Dinner', MAX_BILL_PENCE - 100)],
      taxPence: 101,
    });
    expect(amountsProblem(input)).toBe(BILL_TOO_LARGE_MESSAGE);
    expect(amountsProblem({ ...input, taxPence: 100 })).toBeNull();
  });
});
