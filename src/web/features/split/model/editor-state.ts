import { z } from 'zod';
import type { ReceiptChecks, ReceiptItem } from '../../../../contracts/receipts';
import { billNameFromReceipt } from '../../../../domain/formats';
import {
  itemNameOrDefault,
  parseMoney,
  toDecimalString,
  type Pence,
} from '../../../../domain/money';
import {
  amountTextProblem,
  BILL_LIMITS,
  billFieldsProblem,
  itemNameProblem,
  personNameProblem,
  tipPercentProblem,
  TOO_MANY_PEOPLE_MESSAGE,
} from '../../../../domain/bill-rules';
import { normaliseName } from '../../../../domain/people';
import {
  amountsProblem,
  billTotals,
  type BillTotals,
  type ItemAssignment,
  type ItemSplitMode,
  type SplitInput,
  type SplitItem,
  type SplitMode,
} from '../../../../domain/split';
import {
  participantNameToAdd,
  removeParticipantFromItems,
  seedItems,
  setItemSplitMode,
  setPortions,
  toggleAssignee,
} from '../../../../domain/split-editor';

// The split editor's working state (spec §3 "Working item", "Working participant") and its reducer.
// Money stays as the text the person typed until it is read with the domain's parseMoney, so a
// half-typed "4." is never rewritten under their fingers; every rule about assignments is the
// domain's (split-editor.ts), applied here to items that also carry an id and the typed amount.

export interface EditorParticipant {
  id: string;
  name: string;
}

export interface EditorItem {
  /** Stable across edits, for React keys and for actions; never leaves the browser. */
  id: string;
  name: string;
  /** Pounds as typed, e.g. "4.99". */
  amount: string;
  splitMode: ItemSplitMode;
  assignments: readonly ItemAssignment[];
  savedManualAssignments?: readonly ItemAssignment[];
}

export interface SplitEditorState {
  billName: string;
  participants: EditorParticipant[];
  items: EditorItem[];
  /** Percent as typed, 0 to 100. */
  tipPercent: string;
  /** Pounds as typed. */
  serviceCharge: string;
  /**
   * Tax added on top of the prices (US sales tax), pounds as typed; absent until a receipt brings
   * one or the person adds it. UK VAT is in the prices and is never this (DECISIONS.md Money).
   */
  tax?: string;
  mode: SplitMode;
  /**
   * Set when a receipt's items did not add up to its printed figure: what the items should come to,
   * so the editor can say so until they do (or the notice is dismissed).
   */
  receiptCheck?: ReceiptCheck;
  /** The scan the items were read from: saved with the bill, which then keeps its photo. */
  receiptId?: string;
}

export interface ReceiptCheck {
  /** The printed subtotal, or the total less service charge and tip, in pence. */
  expectedPence: Pence;
  against: 'subtotal' | 'total';
  /** the printed figure checked against, as the receipt words it ('Net total', 'TOTAL'), if read */
  label?: string;
  /** that figure in pence as printed (for a total, before service and tip are taken off) */
  figurePence?: Pence;
}

/** The part of a receipt reading the editor takes (spec §3 Receipt reading result). */
export interface ReceiptForEditor {
  /** The stored scan's id, when the server kept one. */
  receiptId?: string | null;
  items: readonly ReceiptItem[];
  serviceCharge: string | null;
  /** Tax the receipt added on top of its prices; null when its prices include it (UK VAT). */
  addedTax?: string | null;
  establishmentName: string | null;
  checks: ReceiptChecks;
}

/** Rows from the 'Manual Receipt Entry' dialog, read exactly: a name and a price in pence. */
interface TypedItem {
  id: string;
  name: string;
  amountPence: Pence;
}

export type EditorAction =
  | { type: 'addParticipant'; id: string; name: string }
  | { type: 'addParticipants'; participants: readonly EditorParticipant[] }
  | { type: 'removeParticipant'; participantId: string }
  | { type: 'addItem'; id: string }
  | { type: 'removeItem'; itemId: string }
  | { type: 'editItem'; itemId: string; name?: string; amount?: string }
  | { type: 'toggleAssignee'; itemId: string; participantId: string }
  | { type: 'setPortions'; itemId: string; participantId: string; portions: number }
  | { type: 'setItemSplitMode'; itemId: string; splitMode: ItemSplitMode }
  | { type: 'setTipPercent'; value: string }
  | { type: 'setServiceCharge'; value: string }
  | { type: 'setTax'; value: string }
  | { type: 'setMode'; mode: SplitMode }
  /** A new name for the bill, already checked by the bill name rule (components/bill-name). */
  | { type: 'renameBill'; name: string }
  | { type: 'loadReceipt'; receipt: ReceiptForEditor; ids: readonly string[] }
  | { type: 'addItems'; items: readonly TypedItem[] }
  | { type: 'dismissReceiptCheck' }
  /** Another working bill takes this one's place (an unsaved bill taken back). */
  | { type: 'replace'; state: SplitEditorState }
  /**
   * A receipt gave no items: the untouched sample items go, so they never pass for the receipt's,
   * and anything the person typed stays.
   */
  | { type: 'dropSampleItems' };

/** A fresh editor (spec §2): the sample items, no tip, £0.00 service, split by item. */
export function freshEditorState(
  newId: () => string,
  participantNames: readonly string[] = [],
): SplitEditorState {
  const state: SplitEditorState = {
    billName: billNameFromReceipt(null),
    participants: [],
    items: seedItems().map((item) => fromSplitItem(newId(), item)),
    tipPercent: '0',
    serviceCharge: '0.00',
    mode: 'byItem',
  };
  return editorReducer(state, {
    type: 'addParticipants',
    participants: participantNames.map((name) => ({ id: newId(), name })),
  });
}

function fromSplitItem(id: string, item: SplitItem): EditorItem {
  return {
    id,
    name: item.name,
    amount: toDecimalString(item.amountPence),
    splitMode: item.splitMode,
    assignments: item.assignments,
    ...(item.savedManualAssignments && { savedManualAssignments: item.savedManualAssignments }),
  };
}

/** The item as the domain sees it, its typed amount read as pence. */
export function toSplitItem(item: EditorItem): SplitItem {
  return {
    name: item.name,
    amountPence: parseMoney(item.amount),
    splitMode: item.splitMode,
    assignments: item.assignments,
    ...(item.savedManualAssignments && { savedManualAssignments: item.savedManualAssignments }),
  };
}

/** Applies a domain transition to an item's assignment, keeping the editor's own fields. */
function withSplitItem(item: EditorItem, change: (item: SplitItem) => SplitItem): EditorItem {
  const next = change(toSplitItem(item));
  const { savedManualAssignments: _dropped, ...rest } = item;
  return {
    ...rest,
    splitMode: next.splitMode,
    assignments: next.assignments,
    ...(next.savedManualAssignments && { savedManualAssignments: next.savedManualAssignments }),
  };
}

function hasParticipantNamed(participants: readonly EditorParticipant[], name: string): boolean {
  const wanted = normaliseName(name);
  return participants.some((participant) => normaliseName(participant.name) === wanted);
}

/**
 * Why a name typed into the editor cannot be added, or null when it can. Blank input gives '' (the
 * Add button is simply disabled, spec §5); otherwise the bill rules for people (the same as the
 * friends dialog's), then a name already on the bill, since two chips with one name could not be
 * told apart on the item buttons.
 */
export function participantNameProblem(
  participants: readonly EditorParticipant[],
  input: string,
): string | null {
  const name = participantNameToAdd(input);
  if (name === null) return '';
  if (participants.length >= BILL_LIMITS.maxPeople) return TOO_MANY_PEOPLE_MESSAGE;
  const problem = personNameProblem(name);
  if (problem) return problem;
  return hasParticipantNamed(participants, name) ? `${name} is already on the bill` : null;
}

function updateItem(
  state: SplitEditorState,
  itemId: string,
  change: (item: EditorItem) => EditorItem,
): SplitEditorState {
  return {
    ...state,
    items: state.items.map((item) => (item.id === itemId ? change(item) : item)),
  };
}

export function editorReducer(state: SplitEditorState, action: EditorAction): SplitEditorState {
  switch (action.type) {
    case 'addParticipant':
      return editorReducer(state, {
        type: 'addParticipants',
        participants: [{ id: action.id, name: action.name }],
      });
    case 'addParticipants': {
      const participants = [...state.participants];
      for (const { id, name: typed } of action.participants) {
        const name = participantNameToAdd(typed);
        if (name !== null && !hasParticipantNamed(participants, name)) {
          participants.push({ id, name });
        }
      }
      return participants.length === state.participants.length ? state : { ...state, participants };
    }
    case 'removeParticipant':
      return {
        ...state,
        participants: state.participants.filter((p) => p.id !== action.participantId),
        items: state.items.map((item) =>
          withSplitItem(
            item,
            (split) => removeParticipantFromItems([split], action.participantId)[0]!,
          ),
        ),
      };
    case 'addItem':
      return {
        ...state,
        items: [
          ...state.items,
          { id: action.id, name: '', amount: '', splitMode: 'manual', assignments: [] },
        ],
      };
    case 'removeItem':
      return { ...state, items: state.items.filter((item) => item.id !== action.itemId) };
    case 'editItem':
      return updateItem(state, action.itemId, (item) => ({
        ...item,
        ...(action.name !== undefined && { name: action.name }),
        ...(action.amount !== undefined && { amount: action.amount }),
      }));
    case 'toggleAssignee':
      return updateItem(state, action.itemId, (item) =>
        withSplitItem(item, (split) => toggleAssignee(split, action.participantId)),
      );
    case 'setPortions':
      return updateItem(state, action.itemId, (item) =>
        withSplitItem(item, (split) => setPortions(split, action.participantId, action.portions)),
      );
    case 'setItemSplitMode':
      return updateItem(state, action.itemId, (item) =>
        withSplitItem(item, (split) => setItemSplitMode(split, action.splitMode)),
      );
    case 'setTipPercent':
      return { ...state, tipPercent: action.value };
    case 'setServiceCharge':
      return { ...state, serviceCharge: action.value };
    case 'setTax':
      return { ...state, tax: action.value };
    case 'setMode':
      return { ...state, mode: action.mode };
    case 'renameBill':
      return { ...state, billName: action.name.trim() };
    case 'loadReceipt':
      return loadReceipt(state, action.receipt, action.ids);
    case 'addItems':
      return {
        ...state,
        items: [
          ...state.items,
          ...action.items.map(({ id, name, amountPence }): EditorItem => ({
            id,
            name: name.trim(),
            amount: toDecimalString(amountPence),
            splitMode: 'manual',
            assignments: [],
          })),
        ],
      };
    case 'dropSampleItems': {
      const samples = seedItems();
      const isSample = (item: EditorItem) =>
        item.assignments.length === 0 &&
        item.splitMode === 'manual' &&
        samples.some(
          (seed) => seed.name === item.name && seed.amountPence === parseMoney(item.amount),
        );
      return { ...state, items: state.items.filter((item) => !isSample(item)) };
    }
    case 'replace':
      return action.state;
    case 'dismissReceiptCheck': {
      const { receiptCheck: _dropped, ...rest } = state;
      return rest;
    }
  }
}

/**
 * A receipt's reading lands in the editor (spec §2, §5): its items replace whatever was there (the
 * sample items, or an earlier receipt's), unassigned; a missing name is 'Unknown Item' and a missing
 * amount 0.00; the establishment names the bill ('Misc. Bill' without one); the service charge and
 * the tax added on top are applied only when above 0. `ids` gives one id per item.
 */
export function loadReceipt(
  state: SplitEditorState,
  receipt: ReceiptForEditor,
  ids: readonly string[],
): SplitEditorState {
  const items = receipt.items.map((item, index): EditorItem => ({
    id: ids[index] ?? `receipt-${index}`,
    name: itemNameOrDefault(item.name),
    amount: toDecimalString(parseMoney(item.amount)),
    splitMode: 'manual',
    assignments: [],
  }));
  const serviceCharge = parseMoney(receipt.serviceCharge);
  const addedTax = parseMoney(receipt.addedTax ?? null);
  const { receiptCheck: _old, receiptId: _oldScan, ...rest } = state;
  const check = receiptCheckFrom(receipt);
  return {
    ...rest,
    billName: billNameFromReceipt(receipt.establishmentName),
    items,
    ...(serviceCharge > 0 && { serviceCharge: toDecimalString(serviceCharge) }),
    ...(addedTax > 0 && { tax: toDecimalString(addedTax) }),
    ...(check && { receiptCheck: check }),
    // The items are this scan's now: the bill keeps its photo.
    ...(receipt.receiptId && { receiptId: receipt.receiptId }),
  };
}

function receiptCheckFrom(receipt: ReceiptForEditor): ReceiptCheck | null {
  const { itemsMatchTotal, against, difference } = receipt.checks;
  if (itemsMatchTotal || against === null || receipt.items.length === 0) return null;
  const itemsPence = receipt.items.reduce((sum, item) => sum + parseMoney(item.amount), 0);
  const { label, figure } = receipt.checks;
  return {
    expectedPence: itemsPence + parseMoney(difference),
    against,
    ...(label && { label }),
    ...(figure !== null && figure !== undefined && { figurePence: parseMoney(figure) }),
  };
}

/** The items' sum against what the receipt says they come to, while they differ; else null. */
export function receiptMismatch(
  state: SplitEditorState,
): ({ itemsPence: Pence } & ReceiptCheck) | null {
  const check = state.receiptCheck;
  if (!check) return null;
  const itemsPence = state.items.reduce((sum, item) => sum + parseMoney(item.amount), 0);
  return itemsPence === check.expectedPence ? null : { itemsPence, ...check };
}

/** The tip percentage typed, or NaN when it is not a number; blank counts as 0. */
function typedTip(text: string): number {
  return text.trim() === '' ? 0 : Number(text);
}

/**
 * The tip percentage to split with, to 0.01% as the domain honours it. Out of range values are held
 * at the nearest bound and anything unreadable counts as no tip, only so that the running totals
 * never break while a field is half typed: tipProblem says what is wrong meanwhile, and Split stays
 * disabled until it is put right.
 */
export function tipPercentValue(text: string): number {
  const percent = typedTip(text);
  if (Number.isNaN(percent)) return 0;
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}

/** The bill rules' message for the typed tip, or null; blank is no tip. */
export function tipProblem(text: string): string | null {
  return tipPercentProblem(typedTip(text));
}

/** The service charge in pence: the typed pounds, never below 0 (see tipPercentValue). */
export function serviceChargeValue(text: string): Pence {
  return Math.max(0, parseMoney(text));
}

/** The bill rules' message for the typed service charge, or null; blank is £0.00. */
export function serviceChargeProblem(text: string): string | null {
  return text.trim() === '' ? null : amountTextProblem(text, { allowNegative: false });
}

/** The tax added on top in pence: the typed pounds, never below 0; none when blank or absent. */
export function taxValue(text: string | undefined): Pence {
  return text === undefined ? 0 : Math.max(0, parseMoney(text));
}

/** The bill rules' message for the typed tax, or null; blank (cleared) is no tax. */
export function taxProblem(text: string | undefined): string | null {
  return text === undefined || text.trim() === ''
    ? null
    : amountTextProblem(text, { allowNegative: false });
}

/** The bill rules' message for an item's typed price, or null; blank is £0.00 (spec §5). */
function itemAmountProblem(text: string): string | null {
  return text.trim() === '' ? null : amountTextProblem(text, { allowNegative: true });
}

/** What is wrong with each field of the editor, as the bill rules say it; empty when nothing. */
export interface EditorProblems {
  /** By item id: its name's and its price's problem. */
  items: ReadonlyMap<string, { name: string | null; amount: string | null }>;
  tip: string | null;
  serviceCharge: string | null;
  tax: string | null;
  /** Not tied to one field: too many items or people, a name on the bill, the amounts. */
  bill: string | null;
  /** Whether anything at all is wrong: Split stays disabled. */
  any: boolean;
}

export function editorProblems(state: SplitEditorState): EditorProblems {
  const items = new Map<string, { name: string | null; amount: string | null }>();
  let any = false;
  for (const item of state.items) {
    const problems = { name: itemNameProblem(item.name), amount: itemAmountProblem(item.amount) };
    if (problems.name || problems.amount) {
      items.set(item.id, problems);
      any = true;
    }
  }
  const tip = tipProblem(state.tipPercent);
  const serviceCharge = serviceChargeProblem(state.serviceCharge);
  const tax = taxProblem(state.tax);
  // The fields above are typed text; in pence, the whole bill must then keep the same rules.
  const input = toSplitInput(state);
  const bill =
    any || tip || serviceCharge || tax ? null : (billFieldsProblem(input) ?? amountsProblem(input));
  return {
    items,
    tip,
    serviceCharge,
    tax,
    bill,
    any: any || !!tip || !!serviceCharge || !!tax || !!bill,
  };
}

/** The editor's state as the split engine's input. */
export function toSplitInput(state: SplitEditorState): SplitInput {
  return {
    participants: state.participants.map(({ id, name }) => ({ id, name })),
    items: state.items.map(toSplitItem),
    tipPercent: tipPercentValue(state.tipPercent),
    serviceChargePence: serviceChargeValue(state.serviceCharge),
    taxPence: taxValue(state.tax),
    mode: state.mode,
  };
}

/**
 * The running totals, or null when the typed amounts add up beyond what pence can hold (a pasted
 * string of digits): the screen then shows no totals instead of failing.
 */
export function editorTotals(input: SplitInput): BillTotals | null {
  try {
    return billTotals(input);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Whether nothing has been done to a working bill yet: no one but (at most) the user, the sample
 * items untouched or none, no tip or service charge. Such a draft is not worth offering back.
 */
export function isUntouchedDraft(state: SplitEditorState): boolean {
  const samples = seedItems();
  const untouchedItems =
    state.items.length === 0 ||
    (state.items.length === samples.length &&
      state.items.every(
        (item, i) =>
          item.name === samples[i]!.name &&
          parseMoney(item.amount) === samples[i]!.amountPence &&
          item.assignments.length === 0 &&
          item.splitMode === 'manual',
      ));
  return (
    state.participants.length <= 1 &&
    untouchedItems &&
    parseMoney(state.tipPercent) === 0 &&
    parseMoney(state.serviceCharge) === 0 &&
    taxValue(state.tax) === 0
  );
}

const assignmentsSchema = z.array(
  z.object({
    participantId: z.string(),
    portions: z.number().refine((n) => Number.isInteger(n * 2) && n > 0),
  }),
);

/** The working bill as it is stored: one zod schema instead of hand-kept guards. */
const editorStateSchema = z
  .object({
    billName: z.string(),
    participants: z.array(z.object({ id: z.string(), name: z.string() })),
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        amount: z.string(),
        splitMode: z.enum(['manual', 'equally']),
        assignments: assignmentsSchema,
        savedManualAssignments: assignmentsSchema.optional(),
      }),
    ),
    tipPercent: z.string(),
    serviceCharge: z.string(),
    tax: z.string().optional(),
    mode: z.enum(['byItem', 'equal']),
    receiptId: z.string().optional(),
    receiptCheck: z
      .object({
        expectedPence: z.number().int().refine(Number.isSafeInteger),
        against: z.enum(['subtotal', 'total']),
        label: z.string().optional(),
        figurePence: z.number().int().refine(Number.isSafeInteger).optional(),
      })
      .optional(),
  })
  // Assignments must point at people on the bill, once each: the split engine refuses anything else.
  .refine((state) => {
    const ids = new Set(state.participants.map((p) => p.id));
    if (ids.size !== state.participants.length) return false;
    const known = (list: readonly ItemAssignment[] = []) =>
      list.every((a) => ids.has(a.participantId)) &&
      new Set(list.map((a) => a.participantId)).size === list.length;
    return state.items.every(
      (item) => known(item.assignments) && known(item.savedManualAssignments),
    );
  });

/**
 * Whether a stored value is a usable editor state. Session storage outlives a deploy, so an older
 * or damaged shape is dropped for a fresh editor rather than crashing the screen.
 */
export function isEditorState(value: unknown): value is SplitEditorState {
  return editorStateSchema.safeParse(value).success;
}
