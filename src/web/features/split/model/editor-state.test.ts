import {
  AMOUNT_FORMAT_MESSAGE,
  AMOUNT_NEGATIVE_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  ITEM_NAME_TOO_LONG_MESSAGE,
  PERSON_NAME_CHARACTERS_MESSAGE,
  TIP_PERCENT_MESSAGE,
} from '../../../../domain/bill-rules';
import { describe, expect, it } from 'vitest';
import { splitBill, splitInputProblem } from '../../../../domain/split';
import {
  editorProblems,
  editorReducer,
  editorTotals,
  freshEditorState,
  participantNameProblem,
  receiptMismatch,
  type ReceiptForEditor,
  serviceChargeProblem,
  serviceChargeValue,
  tipPercentValue,
  tipProblem,
  toSplitInput,
  typedPence,
  type EditorAction,
  type SplitEditorState,
} from './editor-state';
import { isDraftBill } from '../../../entities/bill/draft/schema';

function ids() {
  let n = 0;
  return () => `id${++n}`;
}

function editor(names: string[] = ['Sam', 'Alex']): SplitEditorState {
  return freshEditorState(ids(), names);
}

function run(state: SplitEditorState, ...actions: EditorAction[]): SplitEditorState {
  return actions.reduce(editorReducer, state);
}

describe('freshEditorState', () => {
  it('starts with the two sample items, no tip, £0.00 service, by item, as Misc. Bill', () => {
    const state = freshEditorState(ids());
    expect(state).toEqual({
      billName: 'Misc. Bill',
      participants: [],
      items: [
        { id: 'id1', name: 'French Fries', amountPence: 499, splitMode: 'manual', assignments: [] },
        { id: 'id2', name: 'Red Wine', amountPence: 2200, splitMode: 'manual', assignments: [] },
      ],
      tipPercent: 0,
      serviceChargePence: 0,
      taxPence: 0,
      mode: 'byItem',
    });
  });

  it('seeds participants from names, in order, trimmed, blanks and repeats dropped', () => {
    const state = freshEditorState(ids(), ['Sam', ' Alex ', '', 'alex']);
    expect(state.participants).toEqual([
      { id: 'id3', name: 'Sam' },
      { id: 'id4', name: 'Alex' },
    ]);
  });
});

describe('participants', () => {
  it('adds a trimmed name and refuses blanks and names already on the bill', () => {
    const state = run(
      editor([]),
      { type: 'addParticipant', id: 'p1', name: '  Priya ' },
      { type: 'addParticipant', id: 'p2', name: '   ' },
      { type: 'addParticipant', id: 'p3', name: 'PRIYA' },
    );
    expect(state.participants).toEqual([{ id: 'p1', name: 'Priya' }]);
  });

  it('explains why a name cannot be added', () => {
    const { participants } = editor(['Sam']);
    expect(participantNameProblem(participants, '  ')).toBe('');
    expect(participantNameProblem(participants, ' sam')).toBe('sam is already on the bill');
    expect(participantNameProblem(participants, 'Alex')).toBeNull();
    // The same rule for people as the friends dialog's and the server's.
    expect(participantNameProblem(participants, "O'Brien")).toBeNull();
    expect(participantNameProblem(participants, '李')).toBeNull();
    expect(participantNameProblem(participants, 'Ann 🍕')).toBe(PERSON_NAME_CHARACTERS_MESSAGE);
  });

  it('marks each field the bill rules refuse, and nothing when all is well', () => {
    const state = editor(['Sam']);
    expect(editorProblems(state).any).toBe(false);
    const [fries, wine] = state.items;
    const bad = run(
      state,
      { type: 'editItem', itemId: fries!.id, name: 'x'.repeat(121) },
      { type: 'editItem', itemId: wine!.id, amount: '99999999999' },
      { type: 'setTipPercent', value: '150' },
      { type: 'setServiceCharge', value: '-3' },
    );
    const problems = editorProblems(bad);
    expect(problems.items.get(fries!.id)).toEqual({
      name: ITEM_NAME_TOO_LONG_MESSAGE,
      amount: null,
    });
    expect(problems.items.get(wine!.id)).toEqual({ name: null, amount: AMOUNT_TOO_LARGE_MESSAGE });
    expect(problems.tip).toBe(TIP_PERCENT_MESSAGE);
    expect(problems.serviceCharge).toBe(AMOUNT_NEGATIVE_MESSAGE);
    expect(problems.any).toBe(true);
  });

  it('removing someone takes them off every item, saved assignments included', () => {
    let state = editor();
    const [sam, alex] = state.participants;
    const [fries] = state.items;
    state = run(
      state,
      { type: 'toggleAssignee', itemId: fries!.id, participantId: sam!.id },
      { type: 'toggleAssignee', itemId: fries!.id, participantId: alex!.id },
      { type: 'setItemSplitMode', itemId: fries!.id, splitMode: 'equally' },
      { type: 'removeParticipant', participantId: sam!.id },
      { type: 'setItemSplitMode', itemId: fries!.id, splitMode: 'manual' },
    );
    expect(state.participants).toEqual([alex]);
    expect(state.items[0]!.assignments).toEqual([{ participantId: alex!.id, portions: 1 }]);
  });
});

describe('items', () => {
  it('adds a blank manual item, edits its name and amount, and removes it', () => {
    let state = run(editor(), { type: 'addItem', id: 'new' });
    expect(state.items[2]).toEqual({
      id: 'new',
      name: '',
      amountPence: 0,
      amountText: '',
      splitMode: 'manual',
      assignments: [],
    });
    state = run(state, { type: 'editItem', itemId: 'new', name: 'Tiramisu', amount: '6.5' });
    expect(state.items[2]).toMatchObject({ name: 'Tiramisu', amountPence: 650, amountText: '6.5' });
    expect(toSplitInput(state).items[2]!.amountPence).toBe(650);
    state = run(state, { type: 'removeItem', itemId: 'new' });
    expect(state.items.map((item) => item.name)).toEqual(['French Fries', 'Red Wine']);
  });

  it('toggles, sets portions (0 removes) and restores the manual assignment after Split Equally', () => {
    let state = editor();
    const [sam, alex] = state.participants;
    const wine = state.items[1]!.id;
    state = run(
      state,
      { type: 'toggleAssignee', itemId: wine, participantId: sam!.id },
      { type: 'setPortions', itemId: wine, participantId: alex!.id, portions: 1.5 },
    );
    expect(state.items[1]!.assignments).toEqual([
      { participantId: sam!.id, portions: 1 },
      { participantId: alex!.id, portions: 1.5 },
    ]);
    state = run(state, { type: 'setItemSplitMode', itemId: wine, splitMode: 'equally' });
    expect(state.items[1]).toMatchObject({ splitMode: 'equally', assignments: [] });
    state = run(state, { type: 'setItemSplitMode', itemId: wine, splitMode: 'manual' });
    expect(state.items[1]!.splitMode).toBe('manual');
    expect(state.items[1]!.assignments).toHaveLength(2);
    expect(state.items[1]).not.toHaveProperty('savedManualAssignments');
    state = run(state, { type: 'setPortions', itemId: wine, participantId: sam!.id, portions: 0 });
    expect(state.items[1]!.assignments).toEqual([{ participantId: alex!.id, portions: 1.5 }]);
  });

  it('leaves other items and the argument untouched', () => {
    const before = editor();
    const after = run(before, {
      type: 'toggleAssignee',
      itemId: before.items[0]!.id,
      participantId: before.participants[0]!.id,
    });
    expect(after.items[1]).toBe(before.items[1]);
    expect(before.items[0]!.assignments).toEqual([]);
  });
});

describe('tip and service charge', () => {
  const tipOf = (value: string) => run(editor(), { type: 'setTipPercent', value });
  const serviceOf = (value: string) => run(editor(), { type: 'setServiceCharge', value });

  it('splits with a tip of 0 to 100 percent, to 0.01%', () => {
    expect(tipPercentValue(12)).toBe(12);
    expect(tipPercentValue(12.5)).toBe(12.5);
    expect(tipPercentValue(150)).toBe(100);
    expect(tipPercentValue(-3)).toBe(0);
    expect(tipPercentValue(0.123)).toBe(0.12);
    expect(tipOf('12.5').tipPercent).toBe(12.5);
    expect(tipOf('').tipPercent).toBe(0);
    // Unreadable text keeps the last percentage read, and the field says why meanwhile.
    expect(run(tipOf('12'), { type: 'setTipPercent', value: '12abc' })).toMatchObject({
      tipPercent: 12,
      tipText: '12abc',
    });
  });

  it('says when the tip is out of range or cannot be read', () => {
    expect(tipProblem(tipOf('100'))).toBeNull();
    expect(tipProblem(tipOf(''))).toBeNull();
    expect(tipProblem(tipOf('101'))).toBe(TIP_PERCENT_MESSAGE);
    expect(tipProblem(tipOf('-1'))).toBe(TIP_PERCENT_MESSAGE);
    expect(tipProblem(tipOf('abc'))).toBe(TIP_PERCENT_MESSAGE);
  });

  it('reads the service charge as pence, never below 0', () => {
    expect(serviceOf('6.00').serviceChargePence).toBe(600);
    expect(serviceOf('2.5').serviceChargePence).toBe(250);
    expect(serviceOf('').serviceChargePence).toBe(0);
    expect(serviceChargeValue(serviceOf('-4').serviceChargePence)).toBe(0);
    expect(serviceChargeProblem(serviceOf('-4'))).toBe(AMOUNT_NEGATIVE_MESSAGE);
    expect(serviceChargeProblem(serviceOf('4'))).toBeNull();
    expect(serviceChargeProblem(serviceOf('£2.5'))).toBe(AMOUNT_FORMAT_MESSAGE);
  });

  it("keeps a price's text as typed and marks it while it cannot be read", () => {
    expect(typedPence('12.50')).toBe(1250);
    expect(typedPence(' -1.2 ')).toBe(-120);
    expect(typedPence('')).toBe(0);
    for (const text of ['12abc', '3.333', '4.', '£5', '1,000']) expect(typedPence(text)).toBeNull();
    const state = run(
      editor(),
      { type: 'editItem', itemId: 'id1', amount: '12' },
      { type: 'editItem', itemId: 'id1', amount: '12abc' },
    );
    expect(state.items[0]).toMatchObject({ amountPence: 1200, amountText: '12abc' });
    const problems = editorProblems(state);
    expect(problems.items.get('id1')?.amount).toBe(AMOUNT_FORMAT_MESSAGE);
    expect(problems.any).toBe(true);
    const fixed = run(state, { type: 'editItem', itemId: 'id1', amount: '12.5' });
    expect(fixed.items[0]).toMatchObject({ amountPence: 1250, amountText: '12.5' });
    expect(editorProblems(fixed).any).toBe(false);
  });
});

describe('toSplitInput', () => {
  it('maps the editor to the split engine input, which splits to the penny', () => {
    let state = editor(['Sam', 'Alex', 'Priya']);
    const [sam, alex, priya] = state.participants;
    const [fries, wine] = state.items;
    state = run(
      state,
      { type: 'toggleAssignee', itemId: fries!.id, participantId: sam!.id },
      { type: 'setPortions', itemId: wine!.id, participantId: alex!.id, portions: 1.5 },
      { type: 'setPortions', itemId: wine!.id, participantId: priya!.id, portions: 0.5 },
      { type: 'setTipPercent', value: '10' },
      { type: 'setServiceCharge', value: '3.00' },
    );
    const input = toSplitInput(state);
    expect(input).toEqual({
      participants: [sam, alex, priya],
      items: [
        {
          name: 'French Fries',
          amountPence: 499,
          splitMode: 'manual',
          assignments: [{ participantId: sam!.id, portions: 1 }],
        },
        {
          name: 'Red Wine',
          amountPence: 2200,
          splitMode: 'manual',
          assignments: [
            { participantId: alex!.id, portions: 1.5 },
            { participantId: priya!.id, portions: 0.5 },
          ],
        },
      ],
      tipPercent: 10,
      serviceChargePence: 300,
      taxPence: 0,
      mode: 'byItem',
    });
    expect(splitInputProblem(input)).toBeNull();
    const result = splitBill(input);
    expect(result.participants.map((p) => p.amount)).toEqual([649, 1915, 705]);
    expect(result.total).toBe(499 + 2200 + 300 + 270);
  });

  it('reports unallocated items until everyone is assigned or the bill is split equally', () => {
    const state = editor();
    expect(splitInputProblem(toSplitInput(state))?.title).toBe('Items need to be allocated');
    const equal = run(state, { type: 'setMode', mode: 'equal' });
    expect(splitInputProblem(toSplitInput(equal))).toBeNull();
  });
});

describe('isDraftBill', () => {
  it('accepts a state the reducer made, after a JSON round trip', () => {
    const state = run(editor(), {
      type: 'setPortions',
      itemId: 'id1',
      participantId: 'id3',
      portions: 2.5,
    });
    expect(isDraftBill(JSON.parse(JSON.stringify(state)))).toBe(true);
  });

  it('refuses other shapes and assignments to people who are not on the bill', () => {
    const state = editor();
    expect(isDraftBill(null)).toBe(false);
    expect(isDraftBill({ ...state, mode: 'bySeat' })).toBe(false);
    expect(isDraftBill({ ...state, items: [{ ...state.items[0], amountPence: 4.99 }] })).toBe(
      false,
    );
    // An item as the editor kept it before the one bill model (typed text, no pence) is not read.
    const { amountPence: _pence, ...textOnly } = state.items[0]!;
    expect(isDraftBill({ ...state, items: [{ ...textOnly, amount: '4.99' }] })).toBe(false);
    const stranger = {
      ...state.items[0]!,
      assignments: [{ participantId: 'nobody', portions: 1 }],
    };
    expect(isDraftBill({ ...state, items: [stranger] })).toBe(false);
    const half = { ...state.items[0]!, assignments: [{ participantId: 'id3', portions: 0.3 }] };
    expect(isDraftBill({ ...state, items: [half] })).toBe(false);
  });
});

describe('editorTotals', () => {
  it('gives the running totals, or null when the amounts are beyond pence', () => {
    const state = run(editor(), { type: 'setTipPercent', value: '10' });
    expect(editorTotals(toSplitInput(state))).toEqual({
      subtotal: 2699,
      serviceCharge: 0,
      tip: 270,
      tax: 0,
      total: 2969,
    });
    const huge = run(
      state,
      { type: 'editItem', itemId: 'id1', amount: '80000000000000' },
      { type: 'editItem', itemId: 'id2', amount: '80000000000000' },
    );
    expect(editorTotals(toSplitInput(huge))).toBeNull();
  });
});

describe('receipts in the editor', () => {
  const receipt = (over: Partial<ReceiptForEditor> = {}): ReceiptForEditor => ({
    items: [
      { name: 'Fish & Chips', amount: '14.50' },
      { name: '', amount: '3.20' },
      { name: 'Voucher', amount: '-2.00' },
    ],
    serviceCharge: '1.96',
    establishmentName: '  The Crown  ',
    checks: {
      itemsMatchTotal: true,
      difference: '0.00',
      against: 'subtotal',
      figure: '15.70',
      label: 'Subtotal',
    },
    ...over,
  });

  it('replaces the sample items, names the bill and applies a service charge above 0', () => {
    const state = run(
      editor(),
      { type: 'setTipPercent', value: '10' },
      {
        type: 'loadReceipt',
        receipt: receipt(),
        ids: ['r1', 'r2', 'r3'],
      },
    );
    expect(state.billName).toBe('The Crown');
    expect(state.items).toEqual([
      { id: 'r1', name: 'Fish & Chips', amountPence: 1450, splitMode: 'manual', assignments: [] },
      { id: 'r2', name: 'Unknown Item', amountPence: 320, splitMode: 'manual', assignments: [] },
      { id: 'r3', name: 'Voucher', amountPence: -200, splitMode: 'manual', assignments: [] },
    ]);
    expect(state.serviceChargePence).toBe(196);
    expect(state.participants.map((p) => p.name)).toEqual(['Sam', 'Alex']);
    expect(state.tipPercent).toBe(10);
    expect(state.receiptCheck).toBeUndefined();
    expect(isDraftBill(state)).toBe(true);
  });

  it('names an item with how it was ordered, unless the two are too long for a name', () => {
    const state = run(editor(), {
      type: 'loadReceipt',
      receipt: receipt({
        items: [
          { name: 'Burger', amount: '9.50', note: 'NO ONION, MEDIUM' },
          { name: 'Burger', amount: '9.50', note: null },
          { name: 'Steak', amount: '21.00', note: 'x'.repeat(120) },
        ],
      }),
      ids: ['r1', 'r2', 'r3'],
    });
    expect(state.items.map((i) => i.name)).toEqual([
      'Burger (NO ONION, MEDIUM)',
      'Burger',
      'Steak',
    ]);
  });

  it("marks a price the reading was unsure of, until the item's name or price is edited", () => {
    const loaded = run(editor(), {
      type: 'loadReceipt',
      receipt: receipt({
        items: [
          { name: 'Fish & Chips', amount: '14.50', unsure: true },
          { name: 'Peas', amount: '3.20', unsure: false },
          { name: 'Voucher', amount: '-2.00', unsure: true },
        ],
      }),
      ids: ['r1', 'r2', 'r3'],
    });
    expect(loaded.items.map((i) => i.unsurePrice)).toEqual([true, undefined, true]);
    expect(isDraftBill(loaded)).toBe(true);
    // Assigning someone is not checking the price; editing the name or the price is.
    const assigned = run(loaded, {
      type: 'toggleAssignee',
      itemId: 'r1',
      participantId: loaded.participants[0]!.id,
    });
    expect(assigned.items[0]!.unsurePrice).toBe(true);
    const checked = run(
      assigned,
      { type: 'editItem', itemId: 'r1', amount: '14.60' },
      { type: 'editItem', itemId: 'r3', name: 'Voucher (10%)' },
    );
    expect(checked.items.map((i) => i.unsurePrice)).toEqual([undefined, undefined, undefined]);
    expect(checked.items[0]).not.toHaveProperty('unsurePrice');
  });

  it("keeps the service charge when the receipt's is 0 or missing, and 'Misc. Bill' without a name", () => {
    const start = run(editor(), { type: 'setServiceCharge', value: '5.00' });
    for (const serviceCharge of ['0.00', null, '-1.00']) {
      const state = run(start, {
        type: 'loadReceipt',
        receipt: receipt({ serviceCharge, establishmentName: null }),
        ids: [],
      });
      expect(state).toMatchObject({ serviceChargePence: 500, serviceChargeText: '5.00' });
      expect(state.billName).toBe('Misc. Bill');
    }
    expect(
      run(editor(), { type: 'loadReceipt', receipt: receipt({ serviceCharge: '0.00' }), ids: [] })
        .serviceChargePence,
    ).toBe(0);
  });

  it('seeds the tax from a tax added on top; the person can change or clear it', () => {
    const us = run(editor(), {
      type: 'loadReceipt',
      receipt: receipt({ addedTax: '1.50', serviceCharge: null }),
      ids: ['r1', 'r2', 'r3'],
    });
    expect(us.taxPence).toBe(150);
    expect(isDraftBill(JSON.parse(JSON.stringify(us)))).toBe(true);
    const input = toSplitInput(us);
    expect(input.taxPence).toBe(150);
    expect(editorTotals(input)).toMatchObject({ subtotal: 1570, tax: 150, total: 1720 });
    const changed = run(us, { type: 'setTax', value: '1.25' });
    expect(toSplitInput(changed).taxPence).toBe(125);
    const cleared = run(us, { type: 'setTax', value: '' });
    expect(toSplitInput(cleared).taxPence).toBe(0);
    expect(editorProblems(cleared).tax).toBeNull();
    // A half-typed amount keeps the last one read; the field says what is wrong meanwhile.
    const half = run(changed, { type: 'setTax', value: '1.2.' });
    expect(half).toMatchObject({ taxPence: 125, taxText: '1.2.' });
    expect(editorProblems(half).tax).toBe(AMOUNT_FORMAT_MESSAGE);
    const wrong = run(us, { type: 'setTax', value: '-1' });
    expect(editorProblems(wrong)).toMatchObject({ tax: AMOUNT_NEGATIVE_MESSAGE, any: true });
    expect(editorProblems(run(us, { type: 'setTax', value: '1.234' })).tax).toBe(
      AMOUNT_FORMAT_MESSAGE,
    );
    // VAT included in UK prices is no tax on top: nothing is seeded.
    for (const addedTax of [null, undefined, '0.00']) {
      const uk = run(editor(), {
        type: 'loadReceipt',
        receipt: receipt({ addedTax }),
        ids: [],
      });
      expect(uk.taxPence).toBe(0);
      expect(uk.taxText).toBeUndefined();
      expect(toSplitInput(uk).taxPence).toBe(0);
    }
  });

  it('says when the items do not add up, until they do or it is dismissed', () => {
    // Items 15.70; the receipt's subtotal 16.90: a line of 1.20 was missed.
    let state = run(editor(), {
      type: 'loadReceipt',
      receipt: receipt({
        checks: {
          itemsMatchTotal: false,
          difference: '1.20',
          against: 'subtotal',
          figure: '16.90',
          label: 'SUBTOTAL',
        },
      }),
      ids: ['r1', 'r2', 'r3'],
    });
    expect(receiptMismatch(state)).toEqual({
      itemsPence: 1570,
      expectedPence: 1690,
      against: 'subtotal',
      label: 'SUBTOTAL',
      figurePence: 1690,
    });
    expect(isDraftBill(state)).toBe(true);
    state = run(state, {
      type: 'addItems',
      items: [{ id: 'm1', name: 'Bread', amountPence: 120 }],
    });
    expect(state.items.at(-1)).toEqual({
      id: 'm1',
      name: 'Bread',
      amountPence: 120,
      splitMode: 'manual',
      assignments: [],
    });
    expect(receiptMismatch(state)).toBeNull();
    state = run(state, { type: 'removeItem', itemId: 'm1' });
    expect(receiptMismatch(state)).not.toBeNull();
    state = run(state, { type: 'dismissReceiptCheck' });
    expect(receiptMismatch(state)).toBeNull();
    expect(state.receiptCheck).toBeUndefined();
  });

  it('an unreadable receipt leaves no sample items to pass for it, and keeps typed ones', () => {
    const state = run(editor(), { type: 'dropSampleItems' });
    expect(state.items).toEqual([]);
    const typed = run(
      editor(),
      { type: 'editItem', itemId: 'id1', amount: '5.49' },
      { type: 'addItems', items: [{ id: 'm1', name: 'Cola', amountPence: 200 }] },
      { type: 'dropSampleItems' },
    );
    expect(typed.items.map((i) => i.name)).toEqual(['French Fries', 'Cola']);
    expect(isDraftBill(state)).toBe(true);
    expect(
      isDraftBill({ ...state, receiptCheck: { expectedPence: 1.5, against: 'subtotal' } }),
    ).toBe(false);
  });
});

describe('renameBill', () => {
  it('gives the working bill its new name, trimmed, and keeps everything else', () => {
    const before = editor();
    const after = editorReducer(before, { type: 'renameBill', name: '  Caffè Nero  ' });
    expect(after).toEqual({ ...before, billName: 'Caffè Nero' });
    expect(isDraftBill(after)).toBe(true);
  });
});

describe('the scan a draft was read from', () => {
  const reading = (receiptId: string | null): ReceiptForEditor => ({
    receiptId,
    items: [{ name: 'Tea', amount: '2.50' }] as ReceiptForEditor['items'],
    serviceCharge: null,
    establishmentName: 'Monmouth Coffee',
    checks: {
      itemsMatchTotal: true,
      against: null,
      difference: '0.00',
    } as ReceiptForEditor['checks'],
  });
  it('is kept with the items it gave, and replaced by the next scan', () => {
    const first = editorReducer(editor(), {
      type: 'loadReceipt',
      receipt: reading('scan-1'),
      ids: ['i1'],
    });
    expect(first.receiptId).toBe('scan-1');
    expect(isDraftBill(first)).toBe(true);
    const typed = editorReducer(first, {
      type: 'addItems',
      items: [{ id: 'i3', name: 'Cake', amountPence: 300 }],
    });
    expect(typed.receiptId).toBe('scan-1');
    const second = editorReducer(first, {
      type: 'loadReceipt',
      receipt: reading(null),
      ids: ['i2'],
    });
    expect(second).not.toHaveProperty('receiptId');
  });
});

describe('the receipt photo beside the items', () => {
  const box = { x: 0.1, y: 0.2, width: 0.8, height: 0.02, angle: 0 };
  const lineBox = { x: 0.1, y: 0.3, width: 0.8, height: 0.02, angle: -3 };
  const receipt: ReceiptForEditor = {
    receiptId: 'scan-1',
    items: [
      { name: 'Tea', amount: '2.00', unsure: true, unsureWhy: ['read two ways'], box },
      { name: 'Scone', amount: '3.00' },
    ],
    unusedLines: [{ text: 'Jam  0.50', name: 'Jam', amount: '0.50', box: lineBox }],
    serviceCharge: null,
    establishmentName: null,
    checks: { itemsMatchTotal: true, difference: '0.00', against: null, figure: null, label: null },
  };

  it('keeps where each item was read, why it is unsure, and the lines no item used', () => {
    const state = run(editor(), { type: 'loadReceipt', receipt, ids: ['a', 'b'] });
    expect(state.items[0]).toMatchObject({
      unsurePrice: true,
      unsureWhy: ['read two ways'],
      receiptBox: box,
    });
    expect(state.items[1]!.receiptBox).toBeUndefined();
    expect(state.receiptLines).toEqual([
      { text: 'Jam  0.50', name: 'Jam', amountPence: 50, box: lineBox },
    ]);
    expect(isDraftBill(state)).toBe(true);
    // Checked by the person: no more asking, nor why.
    const edited = run(state, { type: 'editItem', itemId: 'a', amount: '2.10' });
    expect(edited.items[0]!.unsureWhy).toBeUndefined();
    expect(edited.items[0]!.receiptBox).toEqual(box);
  });

  it('adds a line tapped on the photo as an item with its name and price, once', () => {
    const state = run(editor(), { type: 'loadReceipt', receipt, ids: ['a', 'b'] });
    const added = run(state, { type: 'addReceiptLine', id: 'c', index: 0 });
    expect(added.items.at(-1)).toEqual({
      id: 'c',
      name: 'Jam',
      amountPence: 50,
      receiptBox: lineBox,
      splitMode: 'manual',
      assignments: [],
    });
    expect(added.receiptLines).toBeUndefined();
    // A line no longer offered adds nothing.
    expect(run(added, { type: 'addReceiptLine', id: 'd', index: 0 })).toBe(added);
  });

  it('reads a draft kept from before the photo was beside the items', () => {
    const state = run(editor(), { type: 'loadReceipt', receipt, ids: ['a', 'b'] });
    const { receiptLines: _lines, ...old } = state;
    const oldItems = old.items.map(({ unsureWhy: _w, receiptBox: _b, ...item }) => item);
    expect(isDraftBill({ ...old, items: oldItems })).toBe(true);
  });
});

describe('faster assigning', () => {
  const receipt: ReceiptForEditor = {
    items: [
      { name: 'Garlic Bread', amount: '7.00', quantity: 2 },
      { name: 'Tea', amount: '1.50', quantity: null },
      { name: 'Cake', amount: '3.00' },
    ],
    serviceCharge: null,
    establishmentName: null,
    checks: { itemsMatchTotal: true, difference: '0.00', against: null, figure: null, label: null },
  };
  const loaded = () =>
    run(editor(['Sam', 'Alex', 'Kim']), {
      type: 'loadReceipt',
      receipt,
      ids: ['bread', 'tea', 'cake'],
    });
  // The sample items took id1 and id2.
  const [sam, alex, kim] = ['id3', 'id4', 'id5'];

  it('keeps the count a line printed, and only a count of 2 or more', () => {
    const state = loaded();
    expect(state.items.map((i) => i.count)).toEqual([2, undefined, undefined]);
    expect(isDraftBill(state)).toBe(true);
  });

  it('gives the chosen items to one person, then the rest to another', () => {
    const state = run(
      loaded(),
      { type: 'assignItems', itemIds: ['tea', 'cake'], participantId: alex },
      { type: 'assignRestTo', participantId: kim },
    );
    expect(state.items.map((i) => i.assignments)).toEqual([
      [{ participantId: kim, portions: 1 }],
      [{ participantId: alex, portions: 1 }],
      [{ participantId: alex, portions: 1 }],
    ]);
    expect(splitInputProblem(toSplitInput(state))).toBeNull();
  });

  it('splits the rest equally and leaves assigned items alone', () => {
    const state = run(
      loaded(),
      { type: 'toggleAssignee', itemId: 'tea', participantId: sam },
      { type: 'splitRestEqually' },
    );
    expect(state.items.map((i) => i.splitMode)).toEqual(['equally', 'manual', 'equally']);
    expect(state.items[0]!.count).toBe(2);
  });

  it('shares a counted item out by its count, one each', () => {
    const state = run(loaded(), {
      type: 'assignByCount',
      itemId: 'bread',
      shares: [
        { participantId: sam, units: 1 },
        { participantId: alex, units: 0 },
        { participantId: kim, units: 1 },
      ],
    });
    expect(state.items[0]!.assignments).toEqual([
      { participantId: sam, portions: 1 },
      { participantId: kim, portions: 1 },
    ]);
    const only = run(
      state,
      { type: 'removeItem', itemId: 'tea' },
      { type: 'removeItem', itemId: 'cake' },
    );
    expect(splitBill(toSplitInput(only)).participants.map((p) => p.amount)).toEqual([350, 0, 350]);
  });
});
