// Named patterns the parser's stages share (keywords.ts holds the words that say what a line is;
// amounts.ts how money is printed). Each says what it matches and why, so a rule is read once.
import { CURRENCY } from './amounts';

// A quantity line: '2 @ 2.50', '2 x £2.50 5.00', '2 X 1.25', 'Qty 4@ $9.30ea 37.20', and with its
// '@' lost to OCR 'Qty 4 $9.30ea 37.20'. The name is on the line above or the price belongs to the
// item above.
export const QUANTITY_LINE =
  /^(?:QTY\.?:?\s*)?(\d{1,3})\s*[@x×*]\s*(?:£|\$|€)?\s*\d+[.,]\d{2}(?!\d)|^QTY\.?:?\s*(\d{1,3})\s+(?:£|\$|€)?\s*\d+[.,]\d{2}\s*(?:EA|EACH)\b/i;

/**
 * A line ending in a whole amount grouped by commas: '50,000', 'Total 224,400'. (A point before
 * three digits may be a decimal point: '6.281' gallons, '6.900' rials.)
 */
export const THOUSANDS_AT_END = /(?<![\d.,])\d{1,3}(?:,\d{3})+\s*[A-Z]?\s*$/;

/**
 * A count at a unit price printed before the name, the line total after it: '2@3.50 COKE ZERO CAN
 * 7.00A', '3 x £1.20 CRISPS 3.60', and with the space before the name lost to OCR, '2@0.74GARLIC'.
 * The item line 'COKE ZERO CAN 2 @ 3.50 7.00' with its quantity first; groups: count, unit price,
 * and what follows (the name, when it holds one).
 */
export const COUNT_AT_PRICE_FIRST =
  /^(\d{1,3})\s*[@xX×*]\s*(?:£|\$|€)?\s*(\d+[.,]\d{2})(?:\s+|(?=[A-Za-z]))(?=\S)(.*)$/;

export const UNIT_WORDS = /^(?:EA|EACH|FOR|PER|AT|LBS?|KG)$/i;

/**
 * A product code before the name ('4000000104 CHECKLANE CANDY', and with a till's sale mark
 * '*4125001715 TORTILLA CHP'): not a phone number.
 */
export const CODE_BEFORE_NAME = /^\*?\d{8,14}\s+(?=[A-Za-z]{3})/;

// Leading quantity: '2 x Coke', '2x Coke', '2 Coke', '1,00 Copa' (a European quantity column),
// '1BAJA STEAK' (no space, as many tills print it).
export const LEADING_QUANTITY =
  /^(\d{1,3})(?:[.,]\d{1,3})?\s*(?:[xX×*@]\s*|\s+|(?=[A-Z][A-Za-z]|[a-z]{3}))(?=\S)/;
// Trailing quantity: 'Coke x2', 'Coke x 2', 'Coke (2)'.
export const TRAILING_QUANTITY = /\s+(?:[xX×]\s?(\d{1,3})|\((\d{1,3})\))$/;

/** A currency left at the end of a name when its amount was printed apart ('Steak GBP  12.50'). */
export const CURRENCY_AT_END = new RegExp(String.raw`(?:(?<![A-Za-z])${CURRENCY}|[£$€])\s*$`, 'i');

// Stronger wording wins when the figures do not decide between two totals.
export const STRONG_TOTAL =
  /GRAND\s*TOTAL|TOTAL\s*DUE|BALANCE\s*DUE|AMOUNT\s*DUE|AMT\s*DUE|TO\s*PAY|PAYABLE/i;

/** The word 'total' and words built on it ('SUBTOTAL', 'TOTALS'), in a label. */
export const TOTAL_WORD = /\b\w*TOTAL\w*\b/gi;

/** Words beside 'total' that make it a figure of the bill, not a product named so. */
export const TOTAL_QUALIFIER =
  /\b(?:INC\w*|EXC\w*|GST|VAT|TAX\w*|DUE|NET|ADJ\w*|SALES|AMOUNT|AMT)\b/i;

/** 'Net Amount', 'NET AMT': on Indian bills, what is paid when printed after a smaller total. */
export const NET_AMOUNT = /\bNET\s*(?:AMOUNT|AMT)\b/i;

/**
 * A reduced price printed under its item's name ('*4125001715 TORTILLA CHP' over 'was 3.29 now
 * 2.99 F', 'WAS 2.09 1.49F'), and as OCR reads it, its spaces lost and its '£' read as an 'E'
 * ('WAS2.20NOW 1.20', 'WASE2.05NOW 1.55'): the name's price is the last, lower one; group: the
 * price it was.
 */
export const WAS_THEN_NOW =
  /^\W*WAS\s*[£$€E]?\s*(\d+[.,]\d{2})(?:\s*NOW\b|\s)\s*[£$€E]?\s*\d+[.,]\d{2}/i;

/**
 * A name, then a price whose point OCR lost ('CROISSANTS 4PK 164', 'MILK 2PT 129 B'): three or
 * four digits after a space, maybe a VAT code letter; groups: the digits, the code. Read as a price
 * only where the receipt's sums need exactly it (parse-receipt.ts).
 */
export const POINT_LOST = /(?<=[A-Za-z]{2}.*)\s(\d{3,4})(\s?[A-Z])?$/;
