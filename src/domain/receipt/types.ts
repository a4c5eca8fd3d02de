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

/**
 * An upright rectangle on the photo, in the pixels of the OCR boxes it was built from (the image as
 * the OCR engine read it; the caller scales it to the photo it shows). Left and top inclusive.
 */
export interface ReceiptRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A priced line no item used and no figure of the totals block took (a line the parser left out):
 * the user may add it from the photo.
 */
export interface UnusedLine {
  /** the line as built, e.g. 'Garlic Bread  3.50' */
  text: string;
  /** the text before its price, tidied as an item's name would be; may be empty */
  name: string;
  /** the price it ends with */
  amountPence: number;
  /** where it sits on the photo; absent when the lines were given as text */
  box?: ReceiptRect;
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
  /** how it was ordered, from lines at no cost printed under it ('MEDIUM, NO ICE') */
  note?: string;
  /**
   * Its price was read two ways (the OCR's other reading of its figures, or a '£' read as a '6')
   * and the printed sums chose this one: one for the user to check.
   */
  readTwoWays?: boolean;
  /**
   * Where the item was read on the photo: its line's boxes (the name's and the price's, and a name
   * line above or below it when the name came from there), as one rectangle. Absent when the lines
   * were given as text.
   */
  box?: ReceiptRect;
}

export interface ParsedReceipt {
  items: ParsedReceiptItem[];
  subtotalPence: number | null;
  /** VAT: information only */
  taxPence: number | null;
  /**
   * Tax added on top of the prices (a US sales tax: the total is the items, service and tip plus
   * it): part of what was paid, which the bill keeps. Null when the prices include it, or none.
   */
  addedTaxPence: number | null;
  serviceChargePence: number | null;
  /** e.g. '12.5' from 'SERVICE CHARGE 12.5%' */
  serviceChargePercent: string | null;
  tipPence: number | null;
  totalPence: number | null;
  establishmentName: string | null;
  /** items checked against the subtotal, or the total (less service, tip and tax added on top) */
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
  /** the priced lines no item and no figure used, top to bottom */
  unusedLines: UnusedLine[];
  /** the lines the parser built, top to bottom, joined with newlines */
  rawText: string;
  /** which of the total's strategies decided it (totals.ts TOTAL_STRATEGIES); null with no total */
  totalStrategy: string | null;
}
