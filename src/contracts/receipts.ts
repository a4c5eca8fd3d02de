import { z } from 'zod';
import { moneyOutput } from './bills';

// Receipt reading (capture-split-history.md §3 Receipt reading result, §7 upload calls;
// DECISIONS.md Money: VAT included in prices is information only, tax added on top is kept). Money travels as 2-decimal strings; a figure the
// receipt did not show is null.

/**
 * Where something was read on the receipt photo (the stored one, GET /api/receipts/:id/image): the
 * upright rectangle holding it, as fractions of the photo's width and height from its top-left
 * corner (so it holds at any size the photo is shown), and how far the line is turned on the photo.
 */
export const receiptBoxSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
  /** degrees the line is turned clockwise on the photo (a tilted photo), -45 to 45; 0 upright */
  angle: z.number().min(-45).max(45).default(0),
});
export type ReceiptBox = z.infer<typeof receiptBoxSchema>;

/**
 * Why the reading is unsure of an item's price: it sat between two rows (it could be the next
 * row's), or its figures were read two ways and the receipt's sums chose one.
 */
export const UNSURE_REASONS = ['between rows', 'read two ways'] as const;
export const unsureReasonSchema = z.enum(UNSURE_REASONS);
export type UnsureReason = z.infer<typeof unsureReasonSchema>;

export const receiptItemSchema = z.object({
  name: z.string(),
  amount: moneyOutput,
  /**
   * The reading is unsure of this price (`unsureWhy` says why): the editor asks the user to check
   * it. Readings stored before this field are read as sure.
   */
  unsure: z.boolean().default(false),
  /** why it is unsure; empty when sure, and in readings from before the field */
  unsureWhy: z.array(unsureReasonSchema).default([]),
  /** where its line is on the photo; null when not known (readings from before the field) */
  box: receiptBoxSchema.nullable().default(null),
  /**
   * How many the line was for when it printed a count ('Garlic Bread (2)', '2 x 3.00'; the amount
   * is the line's total), 2 or more; null when none was printed, and in readings from before it.
   */
  quantity: z.number().int().min(2).nullable().default(null),
  /**
   * How it was ordered, from the lines at no cost printed under it ('NO ICE, MEDIUM'); null when
   * none were, and in readings from before the field.
   */
  note: z.string().nullable().default(null),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

/** A priced line of the receipt that no item used and no figure took: the user may add it. */
export const receiptUnusedLineSchema = z.object({
  /** the line as read, e.g. 'Garlic Bread  3.50' */
  text: z.string(),
  /** the words before its price, tidied as an item's name; may be empty */
  name: z.string(),
  amount: moneyOutput,
  /** where it is on the photo; null when not known */
  box: receiptBoxSchema.nullable(),
});
export type ReceiptUnusedLine = z.infer<typeof receiptUnusedLineSchema>;

/** Whether the items add up to the printed subtotal (or total when no subtotal was read). */
export const receiptChecksSchema = z.object({
  itemsMatchTotal: z.boolean(),
  /** printed figure minus the items' sum, e.g. "1.20"; "0.00" when they agree. */
  difference: moneyOutput,
  /** which printed figure the items were checked against; null when neither was read. */
  against: z.enum(['subtotal', 'total']).nullable(),
  /**
   * The printed figure the items were checked against, e.g. "6.00" (for 'total', the total as
   * printed: service charge and tip are taken off it before comparing); null when none was read.
   * Never a VAT table's net figure: VAT-inclusive items are checked against the gross total.
   */
  figure: moneyOutput.nullable().default(null),
  /** the words printed beside that figure ('SUBTOTAL', 'Total'); null when none were read. */
  label: z.string().nullable().default(null),
});
export type ReceiptChecks = z.infer<typeof receiptChecksSchema>;

/** Milliseconds spent in each stage of one scan. */
export const receiptTimingsSchema = z.object({
  imageMs: z.number(),
  queueMs: z.number(),
  ocrMs: z.number(),
  parseMs: z.number(),
  totalMs: z.number(),
});

/** POST /api/ocr/scan-receipt and POST /api/upload-receipt answer this on success. */
export const receiptReadingSchema = z.object({
  /** id of the stored scan (owner-only), so a saved bill can show its receipt photo. */
  receiptId: z.string(),
  items: z.array(receiptItemSchema),
  subtotal: moneyOutput.nullable(),
  /** VAT read from the receipt: information only, never added to a bill. */
  tax: moneyOutput.nullable(),
  /**
   * Tax added on top of the prices (US sales tax: the printed total is the items, service and tip
   * plus it), e.g. "1.50": part of what was paid, so the editor seeds the bill's tax with it
   * (DECISIONS.md Money). Null when the prices include the tax (UK VAT) or none was read, and in
   * an answer from a server older than the field.
   */
  addedTax: moneyOutput.nullable().default(null),
  serviceCharge: moneyOutput.nullable(),
  /** the percent printed beside the service charge ('SERVICE CHARGE 12.5%'), if any. */
  serviceChargePercent: z.string().nullable(),
  tip: moneyOutput.nullable(),
  total: moneyOutput.nullable(),
  establishmentName: z.string().nullable(),
  checks: receiptChecksSchema,
  /** the priced lines no item used, top to bottom; none in readings from before the field */
  unusedLines: z.array(receiptUnusedLineSchema).default([]),
  /** 'N items found' or 'No items found'. */
  message: z.string(),
  /** always null on success; failures answer the error body of src/contracts/errors.ts. */
  error: z.null(),
  rawText: z.string(),
  timings: receiptTimingsSchema,
});
export type ReceiptReading = z.infer<typeof receiptReadingSchema>;

/** The multipart field that carries the image on both upload calls. */
export const RECEIPT_FIELD = 'receipt';
/** Largest accepted upload (15 MB); larger answers 413. */
export const MAX_RECEIPT_BYTES = 15 * 1024 * 1024;
