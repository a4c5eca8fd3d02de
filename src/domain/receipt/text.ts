// The character tests every stage of the parser asks of a line: how long its longest run of letters
// or digits is, its words of letters, its spaces made one. Each is one pattern here, so a stage asks
// "a word of two letters?" by name instead of writing another pattern for it.
const LETTER_RUNS = /[A-Za-z]+/g;
const DIGIT_RUNS = /\d+/g;
const SPACE_RUNS = /\s+/g;

/** The words of letters in a text, in order ('2 @ 0.69 EA' gives ['EA']). */
export function letterWords(text: string): string[] {
  return text.match(LETTER_RUNS) ?? [];
}

/** Whether the text holds a run of at least `n` letters (a word, for n = 2 or 3). */
export function hasLetters(text: string, n = 1): boolean {
  return letterWords(text).some((w) => w.length >= n);
}

/** How many letters the text holds. */
export function letterCount(text: string): number {
  return letterWords(text).reduce((n, w) => n + w.length, 0);
}

/** The digits of a text, in order, all else dropped ('1,234' gives '1234'). */
export function digitsOf(text: string): string {
  return (text.match(DIGIT_RUNS) ?? []).join('');
}

/** Whether the text holds a run of at least `n` digits (a product code, for n = 6). */
export function hasDigits(text: string, n = 1): boolean {
  return (text.match(DIGIT_RUNS) ?? []).some((d) => d.length >= n);
}

/** The text with each run of spaces made one space. */
export function oneSpaced(text: string): string {
  return text.replace(SPACE_RUNS, ' ');
}

/** The digit each letter the recogniser reads for one stands for: S for 5, O for 0, I or l for 1. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  S: '5',
  O: '0',
  I: '1',
  l: '1',
  L: '1',
};

/** Whether the text holds a letter the recogniser reads for a digit. */
export function hasDigitLookalike(text: string): boolean {
  return [...text].some((c) => c in DIGIT_LOOKALIKES);
}

/** The text with each letter read for a digit (S, O, I, l, L) read back as it. */
export function lookalikesAsDigits(text: string): string {
  return [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
}

/**
 * A table of words and phrases as one pattern, matched case apart. The parser's word tables (what
 * says total, tax, a payment, a header) are lists of phrases, not patterns of their own, and each is
 * read by this one grammar:
 * - a phrase stands as whole words: 'TAX' is not in 'TAXI';
 * - between its words OCR may lose the space, or the till print a point, a hyphen or a colon:
 *   'SUB TOTAL' reads 'SUBTOTAL', 'SUB-TOTAL', 'SUB. TOTAL'; 'V A T' reads 'V.A.T.';
 * - a word ending in '*' stands for the words it starts ('INC*': 'INCL', 'INCLUSIVE'), one
 *   starting with '*' for the words it ends;
 * - '..' stands for anything between two words ('WAS .. NOW'), '<n>' for a number ('BATCH <n>');
 * - '^' first and '$' last hold the phrase to the start and the end of the line, punctuation apart.
 */
export function phrases(table: readonly string[]): RegExp {
  return new RegExp(table.map(phrasePattern).join('|'), 'i');
}

/** Whether the character is a digit, 0 to 9. */
export const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** Whether the character is a capital of the Latin alphabet, A to Z. */
export const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
/** Whether the character is a small letter of the Latin alphabet, a to z. */
export const isLower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
/** Whether the character is a letter of any alphabet with cases. */
export const isLetter = (c: string | undefined) =>
  c !== undefined && c.toLowerCase() !== c.toUpperCase();

const SPECIAL = new Set([...'\\^$.*+?()[]{}|/-']);
const isWordChar = (c: string | undefined) => isDigit(c) || isLetter(c);
const literal = (word: string) => [...word].map((c) => (SPECIAL.has(c) ? `\\${c}` : c)).join('');

function phrasePattern(phrase: string): string {
  let tokens = phrase.split(' ');
  const start = tokens[0] === '^';
  const end = tokens.length > 1 && tokens.at(-1) === '$';
  tokens = tokens.slice(start ? 1 : 0, end ? -1 : undefined);
  // Words next to each other are one run; '..' parts the runs; each run stands as whole words.
  const runs = tokens.join(' ').split(' .. ');
  const pattern = runs
    .map((run) => {
      const words = run.split(' ');
      const first = words[0]!;
      const last = words.at(-1)!;
      const body = words
        .map((w, i) => {
          if (w === '<n>') return String.raw`\d+`;
          const starts = i === 0 && w.length > 1 && w.startsWith('*');
          const ends = w.length > 1 && w.endsWith('*');
          const word = literal(w.slice(starts ? 1 : 0, ends ? -1 : undefined));
          return `${starts ? String.raw`\w*` : ''}${word}${ends ? String.raw`\w*` : ''}`;
        })
        .join(String.raw`\W*`);
      const before = !first.startsWith('*') && isWordChar(first[0]) ? String.raw`\b` : '';
      const after = !last.endsWith('*') && isWordChar(last.at(-1)) ? String.raw`\b` : '';
      return before + body + after;
    })
    .join('.*');
  return `(?:${start ? String.raw`^\W*` : ''}${pattern}${end ? String.raw`\W*$` : ''})`;
}

/** A character as its like shapes: a case, 'l', 'i', 'I' and '1' one, 'o' and '0' one. */
const shapeOf = (c: string | undefined) => {
  const lower = c?.toLowerCase();
  if (lower === 'l' || lower === '1' || lower === '|') return 'i';
  return lower === '0' ? 'o' : lower;
};

/** The text without spaces and runs of six digits or more (a product code, no part of a name). */
function withoutSpacesAndCodes(text: string): string {
  let out = '';
  let digits = '';
  for (const c of `${text} `) {
    if (isDigit(c)) {
      digits += c;
      continue;
    }
    if (digits.length < 6) out += digits;
    digits = '';
    if (c !== ' ') out += c;
  }
  return out;
}

/**
 * Whether `other` is `text` with letters added within its words and nothing else changed but its
 * spaces, characters of a like shape and a product code ('1ahoo' and '1Wahoo', '1Shrly Teple' and
 * '1Shirley Temple', 'i White wid' and '1 White wild').
 */
export function lettersAddedTo(text: string, other: string): boolean {
  const a = withoutSpacesAndCodes(text);
  const b = withoutSpacesAndCodes(other);
  if (b.length <= a.length) return false;
  let i = 0;
  for (let k = 0; k < b.length; k++) {
    if (shapeOf(b[k]) === shapeOf(a[i])) i++;
    else if (!isLetter(b[k]) || !(isLetter(b[k - 1]) || isLetter(b[k + 1]))) return false;
  }
  return i === a.length;
}
