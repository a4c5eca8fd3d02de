// Stage 1, classify: each printed line becomes a Line, what it is (keywords.ts) and the amount it
// ends with (amounts.ts), and a price printed on its own line is joined to the name above it.
import {
  hasDigitLookalike,
  hasDigits,
  hasLetters,
  isDigit,
  letterWords,
  lookalikesAsDigits,
  oneSpaced,
} from './text';
import {
  amountWithoutPoint,
  findAmounts,
  trailingAmount,
  trailingWholeAmount,
  unglueAmounts,
  type FoundAmount,
} from './amounts';
import { FOUNDED, isInfoText, keywordKind } from './keywords';
import { unionRect, type Line } from './line';
import { isOn } from './switches';
import { COUNT_AT_PRICE_FIRST, QUANTITY_LINE, THOUSANDS_AT_END, UNIT_WORDS } from './rules';

export function clean(text: string): string {
  let line = unglueAmounts(oneSpaced(text).trim())
    // A letter O or l before a price's point is a misread digit where a price stands alone or
    // after its pound sign (read 'E' or 'F' by a recogniser without '£'): 'EO.74', 'L.84'.
    .replace(/(?<=^|\s|(?<![A-Za-z])[£EF])O(?=[.,]\d{2}(?!\d{2}))/g, '0')
    .replace(/(?<=^|\s|(?<![A-Za-z])[£EF])[lL](?=[.,]\d{2}(?!\d{2}))/g, '1')
    // US tills print amounts under a dollar without the zero: 'TAX .56', 'Change $.00'.
    // Not after a number and a space: '1 .39' is a misread 1.39; a product code of six or more
    // digits is no part of a price, though ('50123454 .89' is 0.89 whose '£0' was lost).
    .replace(
      /(^|[$£€:]|(?<![\d\s]|\bN[Oo]|\bNR|#)\s|(?<=(?<!\d)\d{6,})\s+)\.(\d{2})(?![\d.,])/g,
      '$10.$2',
    );
  // A VAT code digit printed right after the line total ('2.50 2.509' for 2.50 and code 9): only
  // where a unit price column already stands before it, so a lone '2.509' stays unread.
  const glued = /(\d[.,]\d{2})[1-9]$/.exec(line);
  if (glued && findAmounts(line.slice(0, glued.index)).length > 0) {
    line = `${line.slice(0, glued.index)}${glued[1]} ${line.at(-1)}`;
  }
  return line;
}

// What a till prints after a price to say its VAT rate: one capital letter ('1.95 A', '0.69Z').
const CODE_AFTER_PRICE = /(?<![\d.,])\d{1,4}[.,]\d{2}\s?([A-Z])$/;
// The digit a recogniser reads for a code letter when the space before it is lost ('1.954').
const DIGIT_FOR_LETTER: Readonly<Record<string, string>> = {
  '4': 'A',
  '8': 'B',
  '3': 'B',
  '2': 'Z',
  '7': 'Z',
  '5': 'S',
  '0': 'D',
  '1': 'T',
};

/**
 * On a receipt whose till prints a VAT code letter after its prices (three or more lines end so),
 * the code is often misread where the space before it was lost: as a third decimal ('1.954' for
 * '1.95 A'), or the price's point is lost before it ('229Z' for '2.29 Z', 'E165A' with its pound
 * sign read as an 'E'). A price has two decimals, and the receipt's own codes say what follows
 * them: each such line is read back as price and code. Other receipts are returned as they are.
 */
export function readCodesAfterPrices(input: readonly string[]): string[] {
  const texts = codesMarkedWithMinus(input);
  const codes = new Map<string, number>();
  for (const text of texts) {
    const letter = CODE_AFTER_PRICE.exec(text)?.[1];
    if (letter) codes.set(letter, (codes.get(letter) ?? 0) + 1);
  }
  if (sumOf(codes) < 3) return readDigitCodesAfterPrices(texts);
  // The letters this till prints (each at least twice: a letter seen once may be a misreading).
  const letters = [...codes].filter(([, n]) => n >= 2).map(([l]) => l);
  return texts.map((raw) => {
    // An item's line: its name, or the product code printed under it.
    if (!/[A-Za-z]{2,}|^\d{6,}\s/.test(raw)) return raw;
    const text = digitsForLetters(raw);
    // '1.954' or '4.79 8': a third decimal after a price, the code letter read as a digit.
    const third = /(?<![\d.,])(\d{1,4}[.,]\d{2})\s?(\d)$/.exec(text);
    if (
      third &&
      DIGIT_FOR_LETTER[third[2]!] &&
      findAmounts(text.slice(0, third.index)).length === 0
    ) {
      return `${text.slice(0, third.index)}${third[1]} ${DIGIT_FOR_LETTER[third[2]!]}`;
    }
    // '229Z': three digits and one of this till's code letters, the point lost; not '240G' (a
    // size in a name: G is not a code this till prints after its prices).
    const pointLost = /(?<=\s|(?<![A-Za-z])[£EF])(\d)(\d{2})\s?([A-Z])$/.exec(text);
    if (pointLost && letters.includes(pointLost[3]!) && findAmounts(text).length === 0) {
      return `${text.slice(0, pointLost.index)}${pointLost[1]}.${pointLost[2]} ${pointLost[3]}`;
    }
    return findAmounts(text).length > findAmounts(raw).length ? text : raw;
  });
}

// A price, then a minus and a VAT code letter, or the digit a recogniser reads for it: '4.99-A',
// '1.39-8' (for '-B'), or the letter in lower case (a lone letter's case is a guess: '1.50-z').
const MINUS_BEFORE_CODE = /(?<![\d.,])(\d{1,4}[.,]\d{2})\s?-\s?([A-Za-z]|\d)$/;

/**
 * Some tills print every price's VAT code after a minus ('BURGER 4.99-A'), where others print a
 * discount so ('COUPON 1.00-F' among 'CEREAL 4.00 F'). On a receipt where two or more prices end
 * so, at least twice as many as those followed by their code without a minus (which OCR makes of
 * some: the minus lost, or read as a space), the minus is how this till marks its codes, not a
 * sign: those lines are read as price and code, a digit read back as its letter ('-8' as 'B').
 * Words that say discount still make a line one, whatever its sign.
 */
function codesMarkedWithMinus(texts: readonly string[]): readonly string[] {
  const code = (t: string) => {
    const m = MINUS_BEFORE_CODE.exec(t);
    const letter = m && (hasDigits(m[2]!) ? DIGIT_FOR_LETTER[m[2]!] : m[2]!.toUpperCase());
    return m && letter ? { m, letter } : null;
  };
  const marked = texts.filter((t) => code(t)).length;
  const plain = texts.filter((t) => CODE_AFTER_PRICE.test(t)).length;
  if (marked < 2 || marked < 2 * plain) return texts;
  return texts.map((t) => {
    const c = code(t);
    return c ? `${t.slice(0, c.m.index)}${c.m[1]} ${c.letter}` : t;
  });
}

// A digit some tills print after a price for its VAT rate ('Apfelschorle 12,90 1', '3.50 2'), on an
// item's line (a name before it) with no other amount.
const DIGIT_CODE_AFTER_PRICE = /(?<![\d.,])(\d{1,4}[.,]\d{2}) ([1-9])$/;
/** A till numbers its VAT rates: more digits than this after prices are something else. */
const MAX_DIGIT_CODES = 3;

/**
 * On a receipt whose till prints a VAT rate's digit after its prices (two or more item lines end
 * so, with at most three digits between them), the digit is the code, not part of the price, and
 * each such line is read as price and code ('12,90 <1>'). A lone '12,90 1' stays unread: it could
 * be a quantity or a reference. Other receipts are returned as they are.
 */
function readDigitCodesAfterPrices(texts: readonly string[]): string[] {
  const coded = (text: string) => {
    const m = DIGIT_CODE_AFTER_PRICE.exec(text);
    if (!m || !hasLetters(text.slice(0, m.index), 2)) return null;
    return findAmounts(text.slice(0, m.index)).length === 0 ? m : null;
  };
  const matches = texts.map(coded);
  const digits = matches.flatMap((m) => m?.[2] ?? []);
  if (digits.length < 2 || new Set(digits).size > MAX_DIGIT_CODES) return [...texts];
  return texts.map((text, i) => {
    const m = matches[i];
    return m ? `${text.slice(0, m.index)}${m[1]} <${m[2]}>` : text;
  });
}

/**
 * The price at the end of a line with letters read for its digits ('E1S0A' for '£1.50 A', 'S.34'
 * for '5.34', 'EL69A'): S for 5, O for 0, I or l for 1, in a last word of digits and such letters
 * with at least one digit and a VAT code or pound sign around it, never a word of letters alone.
 */
function digitsForLetters(text: string): string {
  const m = /(?<=\s)([£EF]?)([\dSOIlL]{1,3}[.,]?[\dSOIlL]{2})(\s?[A-Z])?$/.exec(text);
  if (!m || !hasDigits(m[2]!) || !hasDigitLookalike(m[2]!)) return text;
  if (!m[1] && !m[2]!.includes('.') && !m[2]!.includes(',')) return text;
  const digits = lookalikesAsDigits(m[2]!);
  return `${text.slice(0, m.index)}${m[1]}${digits}${m[3] ?? ''}`;
}

function sumOf(counts: Map<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

/**
 * What reading every amount of a receipt in another form of money costs against the evidence of
 * its lines: more than a total found is worth (score.ts), so only the sums agreeing pay for it.
 */
export const WHOLE_RECEIPT_CHOICE = 3;

/** How a receipt prints its money: in pence, in whole units, or in whole units grouped by thousands. */
export type MoneyForm = 'pence' | 'pence, codes apart' | 'units' | 'thousands';

/** The receipt's lines read in one form of money, and what that reading costs against the evidence. */
export interface MoneyReading {
  form: MoneyForm;
  lines: Line[];
  /** 0 for the form the lines' own evidence points to; for the others WHOLE_RECEIPT_CHOICE, and
   * one more for each line in pence a whole form reads otherwise */
  cost: number;
}

/**
 * Every line classified in each form of money the lines allow, the form their evidence points to
 * first: a receipt with (almost) no amounts in pence but several lines ending in a whole number
 * ('Haircut 250', 'Grand Total 356.0') is in a currency without pence; thousands ('23,967' rupiah)
 * when nothing at all is in pence ('6.281' gallons beside a '$16.24' sale are not 6281 dollars).
 * The other forms are readings too, weighed by the receipt's sums (parse-receipt.ts): a decimal
 * comma price with a tax digit glued to it must not make a whole receipt lose its pence.
 */
export function moneyReadings(texts: string[]): MoneyReading[] {
  const lines = texts.map((text, index) => classify(text, index));
  // A line with an amount in pence anywhere ('Aamur 2.50 250': a unit price before a whole line
  // total) says the receipt prints pence.
  const inPence = lines.filter((l) => l.amount || findAmounts(l.text).length > 0).length;
  // Lines ending in comma thousands ('50,000'): more of them than lines in pence is a currency
  // without pence whose OCR made a few look like pence ('9.350' read as 9.35 and a flag).
  const inThousands = texts.filter((t) => THOUSANDS_AT_END.test(t)).length;
  const thousands = inPence === 0 || (inThousands >= 2 && inThousands > inPence);
  // Among amounts in pence, '$4370' is $43.70 whose point OCR lost.
  const pence: MoneyReading = {
    form: 'pence',
    cost: 0,
    lines:
      inPence >= 2 && isOn('price whose point was lost')
        ? lines.map((line) => {
            const amount = line.amount ? null : amountWithoutPoint(line.text);
            return amount ? classified(line.text, line.index, amount) : line;
          })
        : lines,
  };
  const whole = (form: 'units' | 'thousands'): MoneyReading | null => {
    const read = texts.map((text, index) => {
      const line = classify(text, index, form);
      // '2* 2760' under '2 HINANO PACK 5520': the count and unit price of the item above.
      return /^\d{1,3}\s*[@x×*]\s*\d+$/i.test(text) ? { ...line, kind: 'info' as const } : line;
    });
    const priced = read.filter((l) => l.amount && hasLetters(l.label, 2));
    return priced.length >= 2 ? { form, lines: read, cost: 1 } : null;
  };
  // A code beside a price, with the space or the zero between them lost, reads as part of it:
  // decimal-comma prices with the till's tax code digit glued on ('Brot 1,491' is 1,49 and code 1)
  // read as thousands make a whole receipt lose its pence, and a price under a pound after a
  // product code ('BANANAS 4011 .89') reads as 4011.89. Read with the codes apart, the lines are
  // a reading like the others, for the sums to weigh.
  const apart = isOn('a code read apart from a price') ? texts.map(codesApart) : texts;
  const codeApart: MoneyReading | null = apart.some((t, i) => t !== texts[i])
    ? { form: 'pence, codes apart', cost: 1, lines: apart.map((t, i) => classify(t, i)) }
    : null;
  const evidence: MoneyForm =
    inPence >= 2 && !thousands ? 'pence' : thousands ? 'thousands' : 'units';
  const units = whole('units');
  const grouped = whole('thousands');
  const same = (a: MoneyReading | null, b: MoneyReading | null) =>
    a !== null &&
    b !== null &&
    a.lines.every((l, i) => l.amount?.pence === b.lines[i]!.amount?.pence);
  const readings = [
    pence,
    codeApart,
    ...(isOn('currency without pence') ? [units, same(units, grouped) ? null : grouped] : []),
  ].filter((r): r is MoneyReading => r !== null && r.lines.some((l) => l.amount));
  if (readings.length === 0) return [{ ...pence, lines }];
  // The form the evidence points to costs nothing (pence, when the whole forms find too little).
  const first =
    readings.find((r) => r.form === evidence) ?? readings.find((r) => r.form === 'pence');
  // Against the evidence, each line in pence that a whole form reads otherwise costs it more.
  return readings.map((r) => ({
    ...r,
    cost: r === first ? 0 : WHOLE_RECEIPT_CHOICE + (r.form.startsWith('pence') ? 0 : inPence),
  }));
}

/**
 * The text with a code read apart from the price ending it: the last digit of a decimal-comma
 * price, as a till's digit codes are read ('Brot 1,491' as 'Brot 1,49 <1>',
 * readDigitCodesAfterPrices); a number before a price printed without its zero ('4011 .89' as
 * '4011 0.89').
 */
export function codesApart(text: string): string {
  const n = text.length;
  const digit = (k: number) => isDigit(text[k]);
  if (
    text.endsWith('.', n - 2) &&
    text[n - 4] === ' ' &&
    digit(n - 5) &&
    digit(n - 2) &&
    digit(n - 1)
  )
    return `${text.slice(0, n - 3)}0${text.slice(n - 3)}`;
  const found = THOUSANDS_AT_END.exec(text);
  if (!found || found[0].indexOf(',') !== found[0].lastIndexOf(',')) return text;
  const at = found.index + found[0].indexOf(',') + 3;
  const rest = text.slice(at).trim();
  return rest.length === 1 ? `${text.slice(0, at)} <${rest}>` : text;
}

/** 'units' and 'thousands': read whole numbers, for a receipt without pence (see classifyAll). */
export function classify(text: string, index: number, whole?: 'units' | 'thousands'): Line {
  const amount = whole
    ? trailingWholeAmount(text, whole === 'thousands')
    : (trailingAmount(text) ?? totalsAmount(text));
  return classified(text, index, amount);
}

export function classified(text: string, index: number, amount: FoundAmount | null): Line {
  // A lone 'S' touching the amount ('SALAD S5.10') is a '$' misread, not a word of the label.
  const label = amount
    ? text
        .slice(0, amount.start)
        .replace(/(?<=\s|^)S$/, '')
        .trim()
    : text;
  let kind: Line['kind'];
  if (
    amount &&
    ((QUANTITY_LINE.test(text) && !hasLetters(text.replace(/^QTY/i, ''), 3)) ||
      countTimesUnit(text) !== null)
  ) {
    kind = 'quantity';
  } else kind = keywordKind(label) ?? (amount ? 'item' : 'text');
  if (kind === 'item' && (isInfoText(label, true) || FOUNDED.test(text))) kind = 'info';
  // '1.385kg @ $2.98/kg 4.13', '2 @ 0.69 EA', '0.20 EA 5 FOR 0.99': a weight or count at a unit
  // price under an item. ('2 FOR $5.95 -25.30' is the deal's discount: it stays.)
  if (kind === 'item' && !amount?.negative && isUnitPrice(label, amount)) kind = 'info';
  return { index, text, amount, label, kind };
}

/** Words that join a count to its unit price ('2 AT 1 FOR 1.80', '2 Stk x 1,80', '2 st à 1,80'). */
const COUNT_JOINERS: ReadonlySet<string> = new Set([
  'AT',
  'FOR',
  'X',
  'ST',
  'STK',
  'PCS',
  'UN',
  'UDS',
]);

/**
 * A count at a unit price and the line total it makes, whatever the till prints between the count
 * and the price ('2 AT 1 FOR 1.80 3.60', '2 Stk x 1,80 3,60', the 'x' lost to OCR: '3 2,73 8,19'):
 * the count times the unit price is the line total, to the penny, and no word of a name stands
 * among them. The arithmetic is the evidence, not the words: it holds on any till.
 */
export function countTimesUnit(
  text: string,
): { quantity: number; unitPence: number; totalPence: number } | null {
  if (!isOn('a count checked by its line total')) return null;
  const amounts = findAmounts(text);
  const total = amounts.at(-1);
  if (!total || total.negative) return null;
  const unit = amounts.length >= 2 ? amounts.at(-2)! : centsWithoutZero(text, total.start);
  if (!unit || unit.negative) return null;
  const before = text.slice(0, unit.start).trimStart();
  let digits = 0;
  while (digits < before.length && isDigit(before[digits]!)) digits++;
  if (digits === 0 || digits > 2) return null;
  const quantity = Number(before.slice(0, digits));
  const joiners = before.slice(digits);
  if (quantity < 2 || findAmounts(joiners).length > 0 || joiners.includes('%')) return null;
  if (!letterWords(joiners).every((w) => w.length <= 1 || COUNT_JOINERS.has(w.toUpperCase())))
    return null;
  // Between the price and the total, a unit at most ('2 @ 0.69 EACH 1.38'): a name there makes the
  // line an item printed count first ('2@3.50 COKE ZERO CAN 7.00').
  const between = letterWords(text.slice(unit.end, total.start));
  if (!between.every((w) => w.length <= 1 || UNIT_WORDS.has(w.toUpperCase()))) return null;
  if (quantity * unit.pence !== total.pence) return null;
  return { quantity, unitPence: unit.pence, totalPence: total.pence };
}

/**
 * A unit price under a dollar printed without its zero and glued to the word before it, right
 * before the line total ('4 AT 1 FOR.51 2.04'): US tills print cents so ('.51').
 */
function centsWithoutZero(text: string, end: number): FoundAmount | null {
  const before = text.slice(0, end).trimEnd();
  const n = before.length;
  if (n < 4 || before[n - 3] !== '.' || !isDigit(before[n - 2]!) || !isDigit(before[n - 1]!)) {
    return null;
  }
  if (isDigit(before[n - 4]!)) return null;
  return { pence: Number(before.slice(n - 2)), start: n - 3, end: n, negative: false };
}

/** A label that only says how the price was made: a count or weight at a unit price. */
export function isUnitPrice(label: string, amount: FoundAmount | null): boolean {
  if (amount && countAtPriceFirst(label, amount.pence)) return false;
  if (/^[^A-Za-z]*(?:[A-Za-z]{1,2}[^A-Za-z]*)?@/.test(label)) return true;
  // A weight times its price a kilo ('0.795 kg x £0.95/kg'); a count times a price is an item's.
  if (/^\W*\d+[.,]\d+\s*KG\s*[xX×]/i.test(label)) return true;
  const words = letterWords(label);
  return (
    findAmounts(label).length > 0 &&
    words.length > 0 &&
    words.every((w) => UNIT_WORDS.has(w.toUpperCase()))
  );
}

/**
 * The count, unit price and name of an item line printed count first ('2@3.50 COKE ZERO CAN' before
 * its 7.00): only when the count at the unit price is the line's amount and a name follows (a word
 * of three letters that is not a unit: '2 @ 0.69 EACH 1.38' is the unit price of the item above).
 */
export function countAtPriceFirst(
  label: string,
  linePence: number,
): { quantity: number; name: string } | null {
  const m = COUNT_AT_PRICE_FIRST.exec(label);
  if (!m) return null;
  const quantity = Number(m[1]);
  const unit = findAmounts(m[2]!)[0];
  if (!unit || quantity * unit.pence !== linePence) return null;
  const words = letterWords(m[3]!).filter((w) => w.length >= 3 && !UNIT_WORDS.has(w.toUpperCase()));
  return words.length > 0 ? { quantity, name: m[3]! } : null;
}

/**
 * A total's amount followed by a stray word from the paper around it ('TOTAL 49.25 SICA', a logo or
 * a fold read into the line): for subtotal and total lines only, whose words say what the amount is.
 */
function totalsAmount(text: string): FoundAmount | null {
  const last = findAmounts(text).at(-1);
  if (!last || !/^\s+[^\d\s]{1,8}\s*$/.test(text.slice(last.end))) return null;
  const kind = keywordKind(text.slice(0, last.start));
  return kind === 'total' || kind === 'subtotal' ? last : null;
}

/**
 * 'Fish & Chips' on one line and '12.50' on the next is one item; so is 'TOTAL' over '30.00'. OCR
 * often splits a row whose price is far to the right, and some tills print prices under names.
 */
export function joinPricesOnTheirOwnLine(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const priceOnly = line.amount !== null && !hasLetters(line.label) && line.label === '';
    if (previous && priceOnly && previous.amount === null && hasLetters(previous.text, 2)) {
      const text = `${previous.text} ${line.text}`;
      const box = unionRect(previous.box, line.box);
      out[out.length - 1] = { ...classify(text, previous.index), ...(box ? { box } : {}) };
      continue;
    }
    out.push(line);
  }
  return out.map((line, index) => ({ ...line, index }));
}
