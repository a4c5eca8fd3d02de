import type { ReceiptChecks, ReceiptItem, ReceiptUnusedLine } from '../../../../contracts/receipts';
import { billNameFromReceipt } from '../../../../domain/formats';
import {
  itemNameOrDefault,
  parseMoney,
  toDecimalString,
  toPence,
  type Pence,
} from '../../../../domain/money';
import {
  AMOUNT_FORMAT_MESSAGE,
  amountProblem,
  amountTextProblem,
  BILL_LIMITS,
  billFieldsProblem,
  itemNameProblem,
  personNameProblem,
  tipPercentProblem,
  TOO_MANY_PEOPLE_MESSAGE,
} from '../../../../domain/bill-rules';
import type {
  DraftBill,
  DraftItem,
  DraftParticipant,
  ReceiptCheck,
} from '../../../entities/bill/draft/schema';
import { normaliseName } from '../../../../domain/people';
import {
  amountsProblem,
  billTotals,
  type BillTotals,
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
import {
  assignByCount,
  assignItems,
  assignRestTo,
  shareableCount,
  splitRestEqually,
  type CountShare,
} from '../../../../domain/assigning';

// The split editor's working state (spec §3 "Working item", "Working participant") and its reducer.
// The state is the draft bill of entities/bill/draft, in pence: a price or percentage field keeps the
// text typed into it beside the amount (so a half-typed "4." is never rewritten under their
// fingers), and the amount changes whenever that text can be read. Every rule about assignments is
// the domain's (split-editor.ts), applied here to items that also carry an id.

export type SplitEditorState = DraftBill;
export type EditorItem = DraftItem;
export type EditorParticipant = DraftParticipant;
export type { ReceiptCheck };

/** The part of a receipt reading the editor takes (spec §3 Receipt reading result). */
export interface ReceiptForEditor {
  /** The stored scan's id, when the server kept one. */
  receiptId?: string | null;
  /**
   * `unsure` absent is sure, and `box` and `unsureWhy` absent unknown (a reading kept from before
   * they were said).
   */
  items: readonly (Omit<ReceiptItem, 'unsure' | 'unsureWhy' | 'box' | 'quantity' | 'note'> &
    Partial<Pick<ReceiptItem, 'unsure' | 'unsureWhy' | 'box' | 'quantity' | 'note'>>)[];
  /** the priced lines no item used (absent in readings from before them) */
  unusedLines?: readonly ReceiptUnusedLine[];
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
  /** the receipt's priced line `index` (of `receiptLines`), tapped on the photo, as a new item */
  | { type: 'addReceiptLine'; id: string; index: number }
  | { type: 'removeItem'; itemId: string }
  /** `amount` is the price field's text, as typed. */
  | { type: 'editItem'; itemId: string; name?: string; amount?: string }
  | { type: 'toggleAssignee'; itemId: string; participantId: string }
  | { type: 'setPortions'; itemId: string; participantId: string; portions: number }
  | { type: 'setItemSplitMode'; itemId: string; splitMode: ItemSplitMode }
  /** Several items given to one person at once (items chosen in select mode). */
  | { type: 'assignItems'; itemIds: readonly string[]; participantId: string }
  /** Every item nobody has yet, to one person. */
  | { type: 'assignRestTo'; participantId: string }
  /** Every item nobody has yet, split equally between everyone. */
  | { type: 'splitRestEqually' }
  /** An item read with a count shared out by it: how many each person had. */
  | { type: 'assignByCount'; itemId: string; shares: readonly CountShare[] }
  /** The tip field's text, as typed. */
  | { type: 'setTipPercent'; value: string }
  /** The service charge field's text, as typed. */
  | { type: 'setServiceCharge'; value: string }
  /** The tax field's text, as typed ('' when 'Add tax' is pressed). */
  | { type: 'setTax'; value: string }
  | { type: 'setMode'; mode: SplitMode }
  /** A new name for the bill, already checked by the bill name rule (entities/bill/components/bill-name). */
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
    tipPercent: 0,
    serviceChargePence: 0,
    taxPence: 0,
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
    amountPence: item.amountPence,
    splitMode: item.splitMode,
    assignments: item.assignments,
    ...(item.savedManualAssignments && { savedManualAssignments: item.savedManualAssignments }),
  };
}

/** The item as the domain sees it. */
export function toSplitItem(item: EditorItem): SplitItem {
  return {
    name: item.name,
    amountPence: item.amountPence,
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

/** Applies a domain transition to every item's assignment at once, keeping the editor's fields. */
function withSplitItems(
  state: SplitEditorState,
  change: (items: readonly SplitItem[]) => SplitItem[],
): SplitEditorState {
  const next = change(state.items.map(toSplitItem));
  return {
    ...state,
    items: state.items.map((item, i) => withSplitItem(item, () => next[i]!)),
  };
}

const participantIds = (state: SplitEditorState) => state.participants.map((p) => p.id);

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
          {
            id: action.id,
            name: '',
            amountPence: 0,
            amountText: '',
            splitMode: 'manual',
            assignments: [],
          },
        ],
      };
    case 'addReceiptLine': {
      const line = state.receiptLines?.[action.index];
      if (!line || state.items.length >= BILL_LIMITS.maxItems) return state;
      const left = state.receiptLines!.filter((_, k) => k !== action.index);
      const { receiptLines: _taken, ...rest } = state;
      return {
        ...rest,
        ...(left.length > 0 && { receiptLines: left }),
        items: [
          ...state.items,
          {
            id: action.id,
            name: itemNameOrDefault(line.name),
            amountPence: line.amountPence,
            ...(line.box && { receiptBox: line.box }),
            splitMode: 'manual',
            assignments: [],
          },
        ],
      };
    }
    case 'removeItem':
      return { ...state, items: state.items.filter((item) => item.id !== action.itemId) };
    case 'editItem':
      // Once its name or price is touched the person has looked at the item: no more asking them
      // to check its price.
      return updateItem(
        state,
        action.itemId,
        ({ unsurePrice: _checked, unsureWhy: _why, ...item }) => ({
          ...item,
          ...(action.name !== undefined && { name: action.name }),
          ...(action.amount !== undefined && {
            amountText: action.amount,
            amountPence: typedPence(action.amount) ?? item.amountPence,
          }),
        }),
      );
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
    case 'assignItems': {
      const chosen = state.items.flatMap((item, i) =>
        action.itemIds.includes(item.id) ? [i] : [],
      );
      return withSplitItems(state, (items) => assignItems(items, chosen, action.participantId));
    }
    case 'assignRestTo':
      return withSplitItems(state, (items) =>
        assignRestTo(items, participantIds(state), action.participantId),
      );
    case 'splitRestEqually':
      return withSplitItems(state, (items) => splitRestEqually(items, participantIds(state)));
    case 'assignByCount':
      return updateItem(state, action.itemId, (item) =>
        item.count === undefined
          ? item
          : withSplitItem(item, (split) => assignByCount(split, item.count!, action.shares)),
      );
    case 'setTipPercent':
      return {
        ...state,
        tipText: action.value,
        tipPercent: typedPercent(action.value) ?? state.tipPercent,
      };
    case 'setServiceCharge':
      return {
        ...state,
        serviceChargeText: action.value,
        serviceChargePence: typedPence(action.value) ?? state.serviceChargePence,
      };
    case 'setTax':
      return {
        ...state,
        taxText: action.value,
        taxPence: typedPence(action.value) ?? state.taxPence,
      };
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
            amountPence,
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
        samples.some((seed) => seed.name === item.name && seed.amountPence === item.amountPence);
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
 * An item's name with how it was ordered after it, 'Burger (NO ONION)': two of a dish told apart
 * where everyone sees the name, editing, picking and paying. The name alone when the two would be
 * too long for a name.
 */
function withNote(name: string, note: string | null | undefined): string {
  if (!note) return name;
  const noted = `${name} (${note})`;
  return itemNameProblem(noted) === null ? noted : name;
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
    name: withNote(itemNameOrDefault(item.name), item.note),
    amountPence: parseMoney(item.amount),
    ...(item.unsure && { unsurePrice: true }),
    ...(item.unsure && item.unsureWhy?.length && { unsureWhy: item.unsureWhy }),
    ...(item.box && { receiptBox: item.box }),
    ...(shareableCount(item.quantity) !== null && { count: item.quantity! }),
    splitMode: 'manual',
    assignments: [],
  }));
  const lines = (receipt.unusedLines ?? []).map((line) => ({
    text: line.text,
    name: line.name,
    amountPence: parseMoney(line.amount),
    box: line.box,
  }));
  const serviceCharge = parseMoney(receipt.serviceCharge);
  const addedTax = parseMoney(receipt.addedTax);
  const {
    receiptCheck: _old,
    receiptId: _oldScan,
    receiptLines: _oldLines,
    serviceChargeText,
    taxText,
    ...rest
  } = state;
  const check = receiptCheckFrom(receipt);
  return {
    ...rest,
    billName: billNameFromReceipt(receipt.establishmentName),
    items,
    ...(serviceCharge > 0
      ? { serviceChargePence: serviceCharge }
      : serviceChargeText !== undefined && { serviceChargeText }),
    ...(addedTax > 0 ? { taxPence: addedTax } : taxText !== undefined && { taxText }),
    ...(check && { receiptCheck: check }),
    // The items are this scan's now: the bill keeps its photo.
    ...(receipt.receiptId && { receiptId: receipt.receiptId }),
    ...(receipt.receiptId && lines.length > 0 && { receiptLines: lines }),
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
  const itemsPence = state.items.reduce((sum, item) => sum + item.amountPence, 0);
  return itemsPence === check.expectedPence ? null : { itemsPence, ...check };
}

/**
 * The pence typed pounds stand for, or null while they cannot be read ('12abc', '4.', '3.333');
 * blank is £0.00 (spec §5). An amount past the bill's limits is read: the rules say so at its field.
 */
export function typedPence(text: string): Pence | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (amountTextProblem(trimmed, { allowNegative: true }) === AMOUNT_FORMAT_MESSAGE) return null;
  try {
    return toPence(trimmed);
  } catch {
    return null;
  }
}

/** The percentage typed, or null while it is not a number; blank is 0. */
function typedPercent(text: string): number | null {
  const percent = text.trim() === '' ? 0 : Number(text);
  return Number.isFinite(percent) ? percent : null;
}

/**
 * The tip percentage to split with, to 0.01% as the domain honours it. An out of range value is held
 * at the nearest bound only so that the running totals never break while a field is half typed:
 * tipProblem says what is wrong meanwhile, and Split stays disabled until it is put right.
 */
export function tipPercentValue(percent: number): number {
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}

/** The bill rules' message for the tip field (its text while typed), or null; blank is no tip. */
export function tipProblem(state: Pick<SplitEditorState, 'tipPercent' | 'tipText'>): string | null {
  if (state.tipText === undefined) return tipPercentProblem(state.tipPercent);
  const typed = typedPercent(state.tipText);
  return tipPercentProblem(typed ?? Number.NaN);
}

/** The service charge to split with: never below 0 (see tipPercentValue). */
export function serviceChargeValue(pence: Pence): Pence {
  return Math.max(0, pence);
}

/** The bill rules' message for the service charge field, or null; blank is £0.00. */
export function serviceChargeProblem(
  state: Pick<SplitEditorState, 'serviceChargePence' | 'serviceChargeText'>,
): string | null {
  return amountFieldProblem(state.serviceChargeText, state.serviceChargePence, false);
}

/** The bill rules' message for the tax field, or null; blank (cleared) is no tax. */
export function taxProblem(state: Pick<SplitEditorState, 'taxPence' | 'taxText'>): string | null {
  return amountFieldProblem(state.taxText, state.taxPence, false);
}

/** The bill rules' message for an item's price field, or null; blank is £0.00 (spec §5). */
function itemAmountProblem(item: EditorItem): string | null {
  return amountFieldProblem(item.amountText, item.amountPence, true);
}

/** The text typed, while there is any, else the amount it stands for. */
function amountFieldProblem(
  text: string | undefined,
  pence: Pence,
  allowNegative: boolean,
): string | null {
  if (text === undefined) return amountProblem(pence, { allowNegative });
  return text.trim() === '' ? null : amountTextProblem(text, { allowNegative });
}

/** What each field shows: the text typed into it, or its amount written out. */
export function amountFieldText(text: string | undefined, pence: Pence): string {
  return text ?? toDecimalString(pence);
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
    const problems = { name: itemNameProblem(item.name), amount: itemAmountProblem(item) };
    if (problems.name || problems.amount) {
      items.set(item.id, problems);
      any = true;
    }
  }
  const tip = tipProblem(state);
  const serviceCharge = serviceChargeProblem(state);
  const tax = taxProblem(state);
  // The fields above may be text as typed; in pence, the whole bill must then keep the same rules.
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
    serviceChargePence: serviceChargeValue(state.serviceChargePence),
    taxPence: Math.max(0, state.taxPence),
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
