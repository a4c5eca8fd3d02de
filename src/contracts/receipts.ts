import { z } from 'zod';
import { moneyOutput } from './bills';

// Receipt reading (capture-split-history.md §3 Receipt reading result, §7 upload calls;
// DECISIONS.md Money: VAT included in prices is information only, tax added on top is kept). Money travels as 2-decimal strings; a figure the
// receipt did not show is null.

export const receiptItemSchema = z.object({
  name: z.string(),
  amount: moneyOutput,
  /**
   * The reading is unsure this price belongs to this name (it sat between two rows): the editor asks
   * the user to check it. Readings stored before this field are read as sure.
   */
  unsure: z.boolean().default(false),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

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
