// Receipt reading, the pure part: what the OCR engine gives the parser, and what the parser gives
// back. Amounts are integer pence (docs/decisions/002-money-in-pence.md).

/** One piece of text found by OCR, with its quadrilateral in image pixels (clockwise from top-left). */
export interface OcrBox {
  text: string;
  /** recognition confidence, 0 to 1 */
  score: number;
  box: [[number, number], [number, number], [number, number], [number, number]];
  /** other readings of the same text, less sure than `text` (the parser tries them when unsure) */
  alternatives?: string[];
}

export interface ParsedReceiptItem {
  name: string;
  /** the line's amount; negative for discounts, voids and promotions */
  amountPence: number;
  /** quantity when printed ('2 x Coke 5.00', '2 @ 2.50'); the amount is the line total */
  quantity?: number;
  /**
   * How sure the pairing of this price with this name is, 0 to 1, when the OCR read them as
   * separate boxes and the row lines paired them (lines-from-boxes.ts): 1 when the price sits where
   * its neighbours' offsets put it, 0 when it is half a row off (it could be the next row's). An
   * item below 0.5 is one for the user to check. Absent when name and price were read together.
   */
  pairing?: number;
}

export interface ParsedReceipt {
  items: ParsedReceiptItem[];
  subtotalPence: number | null;
  /** VAT: information only */
  taxPence: number | null;
  serviceChargePence: number | null;
  /** e.g. '12.5' from 'SERVICE CHARGE 12.5%' */
  serviceChargePercent: string | null;
  tipPence: number | null;
  totalPence: number | null;
  establishmentName: string | null;
  /** items checked against the subtotal, or the total (less service and tip) without one */
  checks: {
    itemsMatchTotal: boolean;
    differencePence: number;
    against: 'subtotal' | 'total' | null;
    /** the printed figure the items were checked against (the total before service and tip is
     * taken off), in pence; null when neither was read */
    figurePence: number | null;
    /** the words printed beside that figure ('SUBTOTAL', 'Total'); null when none were read */
    figureLabel: string | null;
  };
  /** the lines the parser built, top to bottom, joined with newlines */
  rawText: string;
  /** which of the total's strategies decided it (totals.ts TOTAL_STRATEGIES); null with no total */
  totalStrategy: string | null;
}
