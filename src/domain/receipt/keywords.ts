import { digitsOf, isDigit, isUpper, oneSpaced, phrases } from './text';
import { isOn, onSwitch } from './switches';

// What a receipt line is, from its words. The table is checked top to bottom and the first match
// wins, so the order matters: 'SUBTOTAL' before 'TOTAL', 'TOTAL VAT' (tax) before 'TOTAL',
// 'SERVICE CHARGE' before anything with 'CHARGE', 'TOTAL ITEMS 3' (a count) before 'TOTAL'.

export type LineKind =
  | 'count' // 'TOTAL QTY 3', 'NO. OF ITEMS': not money
  | 'change'
  | 'subtotal'
  | 'tip'
  | 'service'
  | 'tax'
  | 'section' // a department or course total: not an item, not the end of the items
  | 'savings' // 'TOTAL SAVINGS 2.00': a summary of discounts already listed
  | 'total'
  | 'tender' // how it was paid: cash, card; neither an item nor the total
  | 'discount'
  | 'rounding' // 'ROUNDING ADJ -0.02': cash rounded to the coin, not part of the bill (decision 007)
  | 'table' // a VAT table ('%Imp Base Imp. Cuota'): its rows are rates and bases; the items have ended
  | 'info'; // dates, times, table, server, phone, card numbers: never an item

interface KeywordRule {
  /** its switch (switches.ts) */
  name: string;
  kind: LineKind;
  /** the words and phrases that make a line of this kind (text.ts, phrases) */
  words: readonly string[];
  /** phrases that keep the rule from applying */
  unless?: readonly string[];
  /** a line of this kind by its form rather than its words */
  pattern?: RegExp;
}

/** The words for a tax, in the languages of the receipts read; 'V A T' reads 'V.A.T.' too. */
const TAX_WORDS = [
  'VAT',
  'V A T',
  'TAX',
  'TAXES',
  'GST',
  'HST',
  'PST',
  'IVA',
  'I V A',
  'MWST',
  'BTW',
  'TVA',
];

const RULE_TABLE: readonly KeywordRule[] = [
  {
    name: 'words: how the order is served',
    // How the order is served, alone on its line ('*TAKEOUT $0.00', '*Eat In** 0.00', 'DINE IN'):
    // a note to the kitchen, not a product.
    kind: 'info',
    words: ['TAKE OUT', 'TAKE AWAY', 'EAT IN', 'DINE IN', 'TO GO', 'FOR HERE'].map(
      (w) => `^ ${w} $`,
    ),
  },
  {
    name: 'words: balance left on a card',
    // What is left on a gift card or an account after paying: neither the total nor a payment.
    kind: 'info',
    words: [
      'BALANCE REMAINING',
      'REMAINING BALANCE',
      'CARD BALANCE',
      'POINT BALANCE',
      'POINTS BALANCE',
    ],
  },
  {
    name: 'words: a VAT table',
    // A VAT table ('TIPO BASE CUOTA', 'Base Imp. Cuota Total', 'VAT SUMMARY', 'Rate Net VAT
    // Gross'): rates and bases, not money owed, though the heading may say total.
    kind: 'table',
    words: [
      'CUOTA',
      'BASE .. IMP*',
      'IMP BASE',
      ...['VAT', 'TAX'].flatMap((t) =>
        ['SUMMARY', 'ANALYSIS', 'BREAKDOWN'].map((w) => `${t} ${w}`),
      ),
      'NET .. GROSS',
      'NETTO .. BRUTTO',
    ],
  },
  {
    name: 'words: a count of items alone',
    // '12 ITEMS', 'ITEMS 12' alone on a line (OCR may read '55' as 'SS'): how many were bought.
    kind: 'count',
    words: [],
    pattern:
      /^\W*(?:[\dSOIL]{1,3}\s*(?:ITEMS?|ARTICLES?)|(?:ITEMS?|ARTICLES?)\s*[\dSOIL]{1,3})\W*$/,
  },
  {
    name: 'words: a count of items',
    kind: 'count',
    words: [
      ...['QTY', 'QUANTITY', 'ITEM', 'ITEMS', 'NO OF', 'PCS', 'UNITS', 'ARTICLES'].map(
        (w) => `TOTAL ${w}`,
      ),
      'NO OF ITEMS',
      'NUMBER OF ITEMS',
      ...['SOLD', 'COUNT', 'PURCHASED'].flatMap((w) => [`ITEM ${w}`, `ITEMS ${w}`]),
      'QTY TOTAL',
    ],
  },
  {
    name: 'words: change',
    kind: 'change',
    words: ['CHANGE', 'CAMBIO', 'RESTO', 'RUCKGELD', 'RÜCKGELD', 'RENDU'],
  },
  {
    name: 'words: subtotal',
    kind: 'subtotal',
    words: [
      'SUB TOTAL*',
      'SUBTTL*',
      'SUB TTL*',
      ...['TOTAL', 'AMOUNT', 'AMT', 'SALES'].map((w) => `NET ${w}`),
      'TOTAL EXCL*',
      'TOTAL SALES EXCL*',
      'TOTAL NET',
      'TOTAL BEFORE TAX',
      'TOTAL EX VAT',
      'SUBTOTAAL*',
      'GROSS SALES',
      'ZWISCHENSUMME*',
      'SOUS TOTAL*',
      'SUMA',
    ],
  },
  {
    name: 'words: tax "of" a total',
    // 'TOTAL INCLUDES 6% TAX OF 0.68', 'Total includes VAT of 2.50': the figure is the tax's,
    // not the total (before the rule below).
    kind: 'tax',
    words: TAX_WORDS.map((t) => `${t} OF $`),
  },
  {
    name: 'words: total including tax',
    // 'TOTAL INC VAT 12.00' is the total, though it names the tax. Also misread: 'Tota! Incusive GST'.
    kind: 'total',
    words: ['TOT* .. INC*', 'TOT* .. WITH'],
  },
  {
    name: 'words: tip',
    kind: 'tip',
    words: ['TIP', 'TIPS', 'GRATUITY', 'GRATUITIES', 'GRAT'],
    // Suggested tips ('15% = 6.00') are a guide printed for the customer, not a charge.
    unless: ['SUGGEST*', 'GUIDE*', 'IF', '% .. %'],
  },
  {
    name: 'words: service',
    kind: 'service',
    words: [
      'SERVICE',
      ...['SERVICES', 'SERV', 'SVC'].flatMap((s) =>
        ['CHARGE', 'CHG', 'CHR'].map((c) => `${s} ${c}`),
      ),
      'SVC',
      'S/C',
      'SERVIZIO',
      'OPTIONAL CHARGE',
    ],
  },
  {
    name: 'words: department total',
    // A department's or a course's running total ('TOTAL DEPARTMENT 4.86'): not an item, and the
    // items go on after it.
    kind: 'section',
    words: ['DEPARTMENT', 'DEPT'],
  },
  {
    name: 'words: tax',
    kind: 'tax',
    // 'TAX1', 'GST5%', 'SALESTAX8.25%': a rate or a number may follow the word (kindOf spaces it).
    words: [...TAX_WORDS, 'SALES TAX'],
    // 'TOTAL INC VAT' is the total; 'VAT NO 123 4567 89' is an identifier.
    unless: [
      'INC',
      'INCL',
      'INCLUDING',
      'INCLUSIVE',
      'AFTER',
      'WITH',
      'PLUS',
      'NO',
      'REG',
      'NUMBER',
      'ID',
      '#',
    ],
  },
  {
    name: 'words: rate under a tax code',
    // A rate under a short code and nothing else ('TA8.25% 0.56', 'T1 7% 0.42'): a tax, not a
    // product ('UHT 2% 1.20' is one).
    kind: 'tax',
    words: [],
    pattern: /^\W*[A-Z]{1,2}\s*\d?\W*\d{1,2}(?:[.,]\d{1,3})?\s*%\W*$/,
  },
  {
    name: 'words: savings',
    kind: 'savings',
    // also price notes under an item: 'was 3.29 now 2.99', 'RegPrice 8.97 CardSav 2.97', and the
    // kinds of saving summed ('TOTAL COUPON SAVINGS', 'TOTAL NON-COUPON SAVINGS'; not 'TOTAL AFTER
    // SAVINGS', which is the bill)
    words: [
      'WAS .. NOW',
      '^ WAS',
      'REG PRICE*',
      'CARD SAV*',
      'TOTAL SAVING*',
      'TOTAL DISCOUNT*',
      'TOTAL PROMO*',
      'TOTAL .. SAVING',
      'TOTAL .. SAVINGS',
      'SAVING TOTAL',
      'SAVINGS TOTAL',
      'YOU SAVE',
      'YOU SAVED',
      'SAVED',
    ],
    unless: ['TOTAL AFTER', 'TOTAL LESS'],
  },
  {
    name: 'words: total',
    kind: 'total',
    words: [
      'TOTAL',
      'TOTAAL',
      'TOTALE',
      'TOTALI',
      'GESAMT',
      'SUMME',
      'SOMME',
      'MONTANT',
      'TTL',
      'BALANCE',
      'AMOUNT DUE',
      'AMT DUE',
      'TO PAY',
      'PAYABLE',
      'IMPORTE',
      '*BETRAG',
      'GROSS AMT',
      'GROSS AMOUNT',
      'GROSS TOTAL',
      'DUE',
    ],
  },
  {
    name: 'words: ST for subtotal',
    // Tills short of width print 'ST 270.00' and 'TL 297.00'.
    kind: 'subtotal',
    words: ['^ ST $'],
  },
  {
    name: 'words: TL for total',
    kind: 'total',
    words: ['^ TL $', 'SALDO'],
  },
  {
    name: 'words: rounding',
    // Before the discounts: 'ROUND OFF -0.12' is not an offer.
    kind: 'rounding',
    words: [
      'ROUNDING',
      ...['ROUND', 'ROUNDED'].flatMap((r) =>
        ['OFF', 'ADJ*', 'AMT', 'AMOUNT'].map((w) => `${r} ${w}`),
      ),
      'RND ADJ*',
      'RND',
    ],
  },
  {
    name: 'words: discount',
    // Before the payments: 'MC SCANNED COUPON 1.00-' and 'CARD DISCOUNT' are discounts. Not
    // 'DEAL' or 'OFFER' alone: 'MEAL DEAL 3.50' and 'SPECIAL OFFER PIZZA 4.00' are products sold
    // so; a deal's saving is printed with a minus or its own word ('MULTIBUY SAVING -1.00').
    kind: 'discount',
    words: [
      'DISCOUNT',
      'DISC',
      'DSC',
      'PROMO',
      'PROMOTION',
      'VOID',
      'VOIDED',
      'REFUND',
      'REFUNDED',
      'COUPON',
      'SAVING',
      'SAVINGS',
      'REDUCTION',
      'MARKDOWN',
      'LOYALTY',
      'REWARD',
      'CLUBCARD',
      'NECTAR',
      'MULTIBUY',
      'PRICE MATCH',
      'OFF',
      'RABATT',
      'DESCUENTO',
      'SCONTO',
      'REMISE',
    ],
  },
  {
    name: 'words: payment',
    // 'MC' for MasterCard only where the line starts: 'Signature MC x3 $24.00' is a cupcake.
    // 'PURCHASE 1.48' alone is a card slip's amount.
    kind: 'tender',
    words: [
      '^ MC',
      '^ PURCHASE $',
      'CARD',
      'VISA',
      'MASTER CARD',
      'MASTERCARD',
      'AMEX',
      'AMERICAN EXPRESS',
      'DEBIT',
      'CREDIT',
      'MAESTRO',
      'CONTACTLESS',
      'TENDER',
      'TENDERED',
      'PAID',
      'PAYMENT',
      'APPLE PAY',
      'GOOGLE PAY',
      'EFTPOS',
      'ELECTRON',
      'DINERS',
      'DISCOVER',
      'TARJETA',
      'PAGADO',
      'PAGAD0',
      'ENTREGADO',
      'GEGEBEN',
      'CARTE BANCAIRE',
      'CARTE BLEUE',
      'PINNEN',
      'KAART',
      'KARTENZAHLUNG',
      'EC KARTE',
    ],
  },
  {
    name: 'words: header and slip info',
    // A card slip's 'AID: A0000000031010' and 'BATCH 000123' by their codes: 'FIRST AID KIT' and
    // 'WHITE BATCH LOAF' are products.
    kind: 'info',
    words: [
      'TABLE',
      'TBL',
      'TAB',
      'COVER',
      'COVERS',
      'GUEST',
      'GUESTS',
      'PAX',
      'SERVER',
      'SERVED BY',
      'WAITER',
      'WAITRESS',
      'CASHIER',
      'CLERK',
      'OPERATOR',
      'STAFF',
      'HOST',
      'TILL',
      'REGISTER',
      'TRANS',
      'TRANSACTION',
      'TXN',
      'RECEIPT',
      'INVOICE',
      'CHECK NO',
      'CHECK #',
      'CHK',
      'ORDER NO',
      'ORDER #',
      'ORDER NUMBER',
      'REF',
      'AUTH',
      'AUTHORISATION',
      'AUTHORIZATION',
      'APPROVAL',
      'APPR',
      'TERMINAL',
      'TID',
      'MID',
      'AID :',
      'AID #',
      'MERCHANT',
      'ACCOUNT',
      'ACCT',
      'SEQ',
      'BATCH NO',
      'BATCH NUM',
      'BATCH :',
      'BATCH #',
      'BATCH <n>',
      'TEL',
      'PHONE',
      'FAX',
      'EMAIL',
      'E MAIL',
      'WWW',
      'HTTP',
      'HTTPS',
      'THANK',
      'THANKS',
      'WELCOME',
      'PLEASE',
      'DATE',
      'TIME',
      'MESA',
      'FECHA',
      'HORA',
      'HT',
      'HTVA',
      'NETTO',
    ],
  },
];

/** Cash by name, in the languages the payment words know ('CASH', 'EFECTIVO', 'ESPECES'). */
const CASH_WORDS = ['CASH', 'EFECTIVO', 'ESPECES', 'ESPÈCES', 'CONTANTI', 'CONTANT', 'BAR GEGEBEN'];
export const CASH = phrases(CASH_WORDS);

/** The table, each rule's words compiled once (cash is a payment too). */
export const KEYWORD_RULES: readonly (KeywordRule & { test: (upper: string) => boolean })[] =
  RULE_TABLE.map((rule) => {
    const words = rule.kind === 'tender' ? [...rule.words, ...CASH_WORDS] : rule.words;
    const matches = words.length ? phrases(words) : null;
    const unless = rule.unless ? phrases(rule.unless) : null;
    return {
      ...rule,
      test: (upper: string) =>
        (matches?.test(upper) || rule.pattern?.test(upper) === true) &&
        !(unless?.test(upper) ?? false),
    };
  });

/**
 * Kinds already worked out, by label: a receipt that does not add up is parsed again for each other
 * reading of a figure (parse-receipt.ts), and its lines are classified each time. Bounded: cleared
 * when full.
 */
const KINDS_KEPT = 4096;
const kinds = new Map<string, LineKind | null>();
onSwitch(() => kinds.clear());

/** The kind of a line from its words (the part before its amount), or null for an ordinary line. */
export function keywordKind(label: string): LineKind | null {
  const known = kinds.get(label);
  if (known !== undefined) return known;
  if (kinds.size >= KINDS_KEPT) kinds.clear();
  const kind = kindOf(label);
  kinds.set(label, kind);
  return kind;
}

function kindOf(label: string): LineKind | null {
  // OCR often drops the space between a word and a number ('TOTAL53.66', 'Table7'); put it back so
  // the word still stands alone.
  const upper = label
    .toUpperCase()
    // A zero or a one inside a word is a misread O or I ('T0TAL', 'SUBT0TAL', 'RECE1PT').
    .replace(/(?<=[A-Z])[01](?=[A-Z])/g, (d) => (d === '0' ? 'O' : 'I'))
    .replace(/(?<=[A-Z])(?=\d)|(?<=\d)(?=[A-Z])/g, ' ')
    .replace(/[A-Z]{6,}/g, unglueWords);
  for (const rule of KEYWORD_RULES) {
    if (!isOn(rule.name)) continue;
    if (rule.test(upper)) return rule.kind;
  }
  return misreadKeyword(upper);
}

// The words of a receipt's totals, payments and footer. OCR often loses the spaces between words
// ('BALANCEDUE', 'VISACONTACTLESS', 'VATRATENETVATGROSS'); a run of letters made wholly of these
// words is read as them ('TOTALEUR' as 'TOTAL EUR'). Only wholly: 'CARDIGAN' is not 'CARD' and
// 'IGAN'.
const RECEIPT_WORDS = new Set(
  (
    'SUB TOTAL TOTALS GRAND BALANCE DUE AMOUNT AMT TO PAY PAYABLE NET GROSS VAT TAX RATE ' +
    'INC INCL INCLUDED EXCL SERVICE CHARGE OPTIONAL TIP TIPS GRATUITY CHANGE CASH CARD VISA ' +
    'MASTER MASTERCARD DEBIT CREDIT CONTACTLESS MAESTRO AMEX PAID PAYMENT TENDER TENDERED ' +
    'DISCOUNT PRICE MATCH SAVING SAVINGS MULTIBUY OFFER CLUBCARD NECTAR ITEMS ITEM NO NUMBER ' +
    'AUTH CODE EUR GBP USD ' +
    'THANK THANKS YOU FOR SHOPPING DINING VISITING WITH US THE OUR PLEASE COME AGAIN ' +
    'RECEIPT TABLE COVERS SERVER CUSTOMER COPY MERCHANT SUMMARY ANALYSIS'
  ).split(' '),
);

/** 'BALANCEDUE' as 'BALANCE DUE', when the run of letters is wholly receipt words. */
function unglueWords(run: string): string {
  if (RECEIPT_WORDS.has(run)) return run;
  // best[i]: the words that make up run.slice(0, i), fewest first, or undefined.
  const best: (string[] | undefined)[] = [[]];
  for (let i = 1; i <= run.length; i++) {
    for (let j = Math.max(0, i - 12); j < i - 1; j++) {
      const word = run.slice(j, i);
      const before = best[j];
      if (before && RECEIPT_WORDS.has(word) && (!best[i] || best[i]!.length > before.length + 1)) {
        best[i] = [...before, word];
      }
    }
  }
  return best[run.length]?.join(' ') ?? run;
}

// OCR misreads the words that matter most ('SUBTOTAL' as 'SUBCTAL.', 'TOTAL' as 'TCITAL' or
// 'T0TAL'). A word close enough to one of these, by edit distance, counts as it.
const FUZZY_WORDS: readonly [string, LineKind][] = [
  ['SUBTOTAL', 'subtotal'],
  ['TOTAL', 'total'],
  ['BALANCE', 'total'],
  ['SOMME', 'total'],
  ['AMOUNT', 'total'],
  ['CHANGE', 'change'],
  ['DISCOUNT', 'discount'],
  ['SERVICE', 'service'],
  ['GRATUITY', 'tip'],
  ['ITEMS', 'count'],
];

// Real words one edit from a keyword: 'Delivery Charge' is not 'change'.
const NOT_MISREAD = new Set(['CHARGE', 'CHARGES', 'CHANCE', 'TOTE', 'TOTES']);
// The recogniser reads a 'T' at the start of 'TOTAL' as 'I', 'L', '1' or '7' ('IOTAL 32.50').
const TOTAL_FIRST_LETTER = /^[IL17]OTA[LI1]$/;

function misreadKeyword(upper: string): LineKind | null {
  const words = upper.split(/[^A-Z0-9]+/).filter((w) => w.length >= 4 && /[A-Z]/.test(w));
  for (const word of words) {
    if (NOT_MISREAD.has(word)) continue;
    if (TOTAL_FIRST_LETTER.test(word)) return 'total';
    for (const [keyword, kind] of FUZZY_WORDS) {
      // One edit, two for the long words; never a different first letter ('SERVE' is not
      // 'SERVICE', 'ORANGE' is not 'CHANGE').
      const allowed = keyword.length >= 8 ? 2 : 1;
      if (word[0] !== keyword[0] || Math.abs(word.length - keyword.length) > allowed) continue;
      if (editDistance(word, keyword) <= allowed) return kind;
    }
  }
  return null;
}

/** Levenshtein distance; the words are short, so the plain dynamic programme is fast enough. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length]!;
}

// Lines that say where or when, not what was bought. Checked on lines with no price too, for the
// establishment's name and for multi-line item names.
const DATE =
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}\s*(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s*\d{2,4}\b/i;
const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:AM|PM)?\b/i;
const PHONE = /(?:\+\d{1,3}[\s-]?)?(?:\(?\d{2,5}\)?[\s.-]?){2,4}\d{3,4}\b/;
// An '@' only in an e-mail address: '2 @ 2.50' and '(3 @10.00)' are quantities at a unit price.
const URL = /\bWWW\.|HTTPS?:|\.(?:COM|CO\.UK|NET|ORG|UK|DE|FR|ES|IT)\b|[\w.-]@[A-Za-z][\w-]*\./i;
const CARD_NUMBER = /[*xX#•]{4,}\s*\d{2,4}\b/;
/** 'EST 1979', 'Since 1890': the year the house was founded, not whole units of money. */
export const FOUNDED = /\b(?:EST(?:ABLISHED|D)?\.?|SINCE)\s*(?:1[6-9]|20)\d{2}\b/i;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i;
const US_STATE_ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
// Address words that need no house number: 'LOT 2811, JALAN ANGSA', '3RD FLR, AEON'.
const ADDRESS_WORD = phrases([
  ...['LOT', 'JALAN', 'JLN', 'FLR', 'FLOOR', 'TAMAN', 'LORONG', 'SUITE', 'BLK', 'LEVEL'],
  ...['P O BOX', 'PO BOX'],
]);
const STREET =
  /\b\d+[A-Z]?\s+(?:[A-Z][A-Za-z'.]*\s+){0,3}(?:STREET|ST|ROAD|RD|AVENUE|AVE|LANE|LN|BLVD|BOULEVARD|DRIVE|DR|WAY|PLACE|PL|SQUARE|SQ|HIGH\s*ST|PARADE|CRESCENT|TERRACE|CLOSE|COURT|CT|HWY|HIGHWAY|PARKWAY|PKWY|CALLE|STRASSE|STR|VIA|RUE|PLAZA)\b\.?/i;

/**
 * The text without the barcode printed after a product's name ('GROUND BEEF 645374921476', the
 * space before it lost: 'PAPERTOWELS880034470104'): an unbroken run of 12 or 13 digits (UPC-A,
 * EAN-13) is a product code, never a phone number, which is printed shorter or in groups.
 */
export function withoutBarcode(text: string): string {
  if (!isOn('a barcode after the name')) return text;
  return text
    .split(' ')
    .map((w) => {
      let digits = 0;
      while (digits < w.length && isDigit(w[w.length - 1 - digits]!)) digits++;
      const rest = w.slice(0, w.length - digits);
      if (rest !== '' && isDigit(rest.at(-1)!)) return w;
      // A capital O ending the word, read as a zero, glued to a 12-digit code ('AVOCAD0886354980701').
      if (digits === 13 && w[rest.length] === '0' && isUpper(rest.at(-1))) return `${rest}O`;
      return digits === 12 || digits === 13 ? rest : w;
    })
    .filter((w) => w !== '')
    .join(' ');
}

/**
 * True for lines such as addresses, phone numbers, dates, times, URLs and card numbers. A line with a
 * price is checked without the phone pattern: product codes ('032888105232 GAS VALVE') look alike.
 */
export function isInfoText(text: string, priced = false): boolean {
  if (priced) {
    return DATE.test(text) || TIME.test(text) || URL.test(text) || CARD_NUMBER.test(text);
  }
  return (
    DATE.test(text) ||
    TIME.test(text) ||
    URL.test(text) ||
    CARD_NUMBER.test(text) ||
    UK_POSTCODE.test(text) ||
    US_STATE_ZIP.test(text) ||
    STREET.test(text) ||
    ADDRESS_WORD.test(text) ||
    (PHONE.test(text) && digitShare(text) > 0.4)
  );
}

function digitShare(text: string): number {
  const compact = oneSpaced(text).replaceAll(' ', '');
  return compact.length === 0 ? 0 : digitsOf(compact).length / compact.length;
}

/** Column headings over the items ('QTY ITEM PRICE'): never an item's name. */
export const COLUMN_HEADING =
  /^(?:(?:QTY|QIY|QUANTITY|ITEM|ITEMS|NAME|DESCRIPTION|DESCRIPCION|DESIGNATION|PRICE|PRECIO|PRIX|AMOUNT|AMT|TOTAL|UNIT|EACH|ARTICULO|UND|RATE|S\/PRICE|PARTICULARS)\W*)+$/i;

/** Header words that are not the establishment's name. */
export const NOT_A_NAME = phrases(
  [
    ...[
      'RECEIPT',
      'SALES RECEIPT',
      'CUSTOMER COPY',
      'MERCHANT COPY',
      'COPY',
      'DUPLICATE',
      'WELCOME',
    ],
    ...['TAX INVOICE', 'SIMPLIFIED TAX INVOICE', 'INVOICE', 'VAT RECEIPT', 'BILL', 'ORDER'],
    ...['TAKEAWAY', 'TAKE AWAY', 'EAT IN', 'DINE IN', 'OPEN', 'CHECK', 'GUEST CHECK'],
    ...['RECHNUNG', 'QUITTUNG', 'KASSENBON', 'BELEG'],
  ]
    .map((w) => `^ ${w} $`)
    .concat(
      // and what starts so, whatever follows
      [
        'THANK',
        'TABLE',
        'SERVER',
        'CASHIER',
        'TEL',
        'PHONE',
        'VAT NO',
        'VAT REG',
        'GST',
        'FACTURA',
        'TICKET',
        'SCONTRINO',
      ].map((w) => `^ ${w}*`),
    ),
);

/** A company's legal form: 'SDN BHD', 'LTD', 'S.L.', 'LLC', 'ENTERPRISE'. */
export const BUSINESS_WORD = phrases([
  ...['SDN BHD', 'BHD', 'S/B', 'LTD', 'LIMITED', 'PLC', 'LLC', 'INC', 'S.L', 'S.A', 'GMBH'],
  ...['ENTERPRISE', 'ENTERPRISES', 'TRADING'],
]);

/** A subtotal's words that say it is before tax: what VAT-inclusive items do not add up to. */
export const NET_OF_TAX = phrases([
  'NET',
  'EXCL*',
  'EX VAT',
  'EX TAX',
  'EX GST',
  ...['BEFORE', 'PRE'].flatMap((b) => [`${b} VAT`, `${b} TAX`]),
]);
