import { z } from 'zod';
import {
  receiptBoxSchema,
  unsureReasonSchema,
  type ReceiptBox,
  type UnsureReason,
} from '../../../../contracts/receipts';
import { isPence, type Pence } from '../../../../domain/money';
import type { ItemAssignment, ItemSplitMode, SplitMode } from '../../../../domain/split';
import { summaryDataSchema, type SummaryData } from '../model/summary-data';

// The one web bill model (docs/decisions/015-one-bill-model.md): the bill being made, from the scan
// to the save, as one zod-checked value in session storage. Every amount is integer pence; the
// only text is what a person is typing into a field, kept beside the pence it was last read as.

/** The version of the stored shape: a draft stored under another version is dropped, not read. */
export const DRAFT_VERSION = 1;

export const penceSchema = z.number().refine(isPence, 'must be a whole number of pence');

export interface DraftParticipant {
  id: string;
  name: string;
}

export interface DraftItem {
  /** Stable across edits, for React keys and for actions; never leaves the browser. */
  id: string;
  name: string;
  amountPence: Pence;
  /**
   * The price field's text as typed, once it was edited ('4.5', '12.', '12abc', ''): what the person
   * typed stays on screen, and the bill rules say at the field why it cannot be read meanwhile.
   * amountPence is the last amount the text could be read as; without text the field shows it.
   */
  amountText?: string;
  /**
   * The receipt reading was unsure this price belongs to this name (contracts/receipts.ts `unsure`):
   * the editor asks the person to check it, until they edit the item's name or price.
   */
  unsurePrice?: true;
  /** why the reading was unsure of its price (contracts/receipts.ts `unsureWhy`), while it asks */
  unsureWhy?: readonly UnsureReason[];
  /** where the item was read on the receipt photo (fractions of the photo), when known */
  receiptBox?: ReceiptBox;
  /**
   * How many the receipt line was for ('Garlic Bread (2)'), 2 or more, when it printed a count:
   * the editor offers to share the item out by it.
   */
  count?: number;
  splitMode: ItemSplitMode;
  assignments: readonly ItemAssignment[];
  savedManualAssignments?: readonly ItemAssignment[];
}

/** A priced line of the receipt that no item used: offered by 'Add from receipt'. */
export interface ReceiptLineOffer {
  /** the line as read */
  text: string;
  /** the words before its price, tidied; may be empty */
  name: string;
  amountPence: Pence;
  /** where it is on the photo (fractions of the photo) */
  box: ReceiptBox | null;
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

/** One bill being made (spec §3 "Working item", "Working participant"): what the editor edits. */
export interface DraftBill {
  billName: string;
  participants: DraftParticipant[];
  items: DraftItem[];
  /** Percent of the items, 0 to 100 (honoured to 0.01%). */
  tipPercent: number;
  /** The tip field's text as typed, once edited (as amountText). */
  tipText?: string;
  serviceChargePence: Pence;
  /** The service charge field's text as typed, once edited (as amountText). */
  serviceChargeText?: string;
  /** Tax added on top of the prices (US style), shared like the tip; 0 where prices include it. */
  taxPence: Pence;
  /**
   * The tax field's text as typed, once edited (as amountText). The field shows while the tax is
   * not 0 or this is set: a receipt's tax on top, or 'Add tax' pressed.
   */
  taxText?: string;
  mode: SplitMode;
  /**
   * Set when a receipt's items did not add up to its printed figure: what the items should come to,
   * so the editor can say so until they do (or the notice is dismissed).
   */
  receiptCheck?: ReceiptCheck;
  /** The scan the items were read from: saved with the bill, which then keeps its photo. */
  receiptId?: string;
  /** That scan's priced lines no item used, not added yet (absent in drafts from before them). */
  receiptLines?: ReceiptLineOffer[];
}

/** A saved bill open in the editor: its server id, and the bill as changed so far. */
export interface EditingBill {
  billId: string;
  bill: DraftBill;
}

/** Everything kept for the bill being made, under one session storage key. */
export interface StoredDraft {
  version: typeof DRAFT_VERSION;
  /** The bill in the editor; null before one is started (the editor then starts a fresh one). */
  working: DraftBill | null;
  /** An unsaved bill put aside when a scan started, offered back ('Continue your unsaved bill?'). */
  parked: DraftBill | null;
  /** The names the friends dialog confirmed (current user first), for the next editor. */
  participantNames: string[];
  /** The split just made, shown by the summary and saved from it. */
  summary: SummaryData | null;
  /**
   * The client key the summary's bill is saved under (the server keeps one bill per key): made once
   * per summary and kept until the summary is cleared, so a save whose answer was lost, sent again,
   * finds the bill it already made.
   */
  clientKey: string | null;
  /**
   * A saved bill being changed in the editor (its id and the bill as edited so far), kept apart from
   * `working` so that editing a saved bill never touches the new bill being made, nor the other way.
   */
  editing: EditingBill | null;
  /**
   * The receipt reading in progress or just finished (features/receipt/model/processing-state.ts),
   * which checks it with its own schema when it reads it: a damaged one is idle there, and never
   * costs the bill.
   */
  scan: unknown;
}

const assignmentsSchema = z.array(
  z.object({
    participantId: z.string(),
    portions: z.number().refine((n) => Number.isInteger(n * 2) && n > 0),
  }),
);

const draftBillObject = z.object({
  billName: z.string(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      amountPence: penceSchema,
      amountText: z.string().optional(),
      unsurePrice: z.literal(true).optional(),
      unsureWhy: z.array(unsureReasonSchema).optional(),
      receiptBox: receiptBoxSchema.optional(),
      count: z.number().int().min(2).optional(),
      splitMode: z.enum(['manual', 'equally']),
      assignments: assignmentsSchema,
      savedManualAssignments: assignmentsSchema.optional(),
    }),
  ),
  tipPercent: z.number().refine(Number.isFinite),
  tipText: z.string().optional(),
  serviceChargePence: penceSchema,
  serviceChargeText: z.string().optional(),
  taxPence: penceSchema.default(0),
  taxText: z.string().optional(),
  mode: z.enum(['byItem', 'equal']),
  receiptId: z.string().optional(),
  receiptLines: z
    .array(
      z.object({
        text: z.string(),
        name: z.string(),
        amountPence: penceSchema,
        box: receiptBoxSchema.nullable(),
      }),
    )
    .optional(),
  receiptCheck: z
    .object({
      expectedPence: penceSchema,
      against: z.enum(['subtotal', 'total']),
      label: z.string().optional(),
      figurePence: penceSchema.optional(),
    })
    .optional(),
});

/** A bill as it is stored. Assignments point at people on the bill, once each, as the split needs. */
export const draftBillSchema: z.ZodType<DraftBill, unknown> = draftBillObject.refine((bill) => {
  const ids = new Set(bill.participants.map((p) => p.id));
  if (ids.size !== bill.participants.length) return false;
  const known = (list: readonly ItemAssignment[] = []) =>
    list.every((a) => ids.has(a.participantId)) &&
    new Set(list.map((a) => a.participantId)).size === list.length;
  return bill.items.every((item) => known(item.assignments) && known(item.savedManualAssignments));
});

export const storedDraftSchema: z.ZodType<StoredDraft, unknown> = z.object({
  version: z.literal(DRAFT_VERSION),
  working: draftBillSchema.nullable().default(null),
  parked: draftBillSchema.nullable().default(null),
  participantNames: z.array(z.string()).default([]),
  summary: summaryDataSchema.nullable().default(null),
  clientKey: z.string().min(1).nullable().default(null),
  editing: z
    .object({ billId: z.string().min(1), bill: draftBillSchema })
    .nullable()
    .default(null),
  scan: z.unknown().default(null),
});

export const EMPTY_DRAFT: StoredDraft = {
  version: DRAFT_VERSION,
  working: null,
  parked: null,
  participantNames: [],
  summary: null,
  clientKey: null,
  editing: null,
  scan: null,
};

/** Whether a value is a usable bill: anything else (another version's shape, a hand edit) is not. */
export function isDraftBill(value: unknown): value is DraftBill {
  return draftBillSchema.safeParse(value).success;
}

/**
 * The stored draft read from its JSON, or the empty draft when there is none or it cannot be read
 * (another version, damaged, hand edited): session storage outlives a deploy, and a bill that
 * cannot be read is dropped rather than crashing the screen.
 */
export function parseStoredDraft(raw: string | null): StoredDraft {
  if (raw === null) return EMPTY_DRAFT;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_DRAFT;
  }
  const parsed = storedDraftSchema.safeParse(json);
  return parsed.success ? parsed.data : EMPTY_DRAFT;
}
