// Stage 4, name: the establishment's name from the header lines.
import { hasDigits, letterCount } from './text';
import { BUSINESS_WORD, NOT_A_NAME, isInfoText, keywordKind } from './keywords';
import type { Line } from './line';

const WELCOME_TO = /^\s*WELCOME\s+(?:TO|AT)\s+/i;

/**
 * The establishment: among the first lines above the items, those that are not an address, phone,
 * date, URL or 'RECEIPT'; the first of them, unless a later one carries a company's legal form
 * ('SDN BHD', 'LTD') and the first does not (a person's name or a slogan above the company).
 */
export function establishmentName(lines: Line[]): string | null {
  const candidates: string[] = [];
  for (const line of lines.slice(0, 8)) {
    if (line.amount || line.kind === 'item') break;
    if (line.kind !== 'text' && !WELCOME_TO.test(line.text)) continue;
    const text = line.text
      .replace(WELCOME_TO, '') // 'Welcome to The Grand Wok'
      .replace(/\(\s*[\dA-Z]*\d[\dA-Z-]*\s*\)/g, '') // a registration number '(728384-M)'
      .replace(/^[^A-Za-z0-9&'(]+|[^A-Za-z0-9)'.!]+$/g, '')
      .trim();
    const letters = letterCount(text);
    if (letters < 3 || letters < text.length * 0.5) continue;
    if (NOT_A_NAME.test(text) || isInfoText(text) || keywordKind(text) !== null) continue;
    candidates.push(text);
  }
  const [first] = candidates;
  if (first === undefined) return null;
  if (BUSINESS_WORD.test(first)) return first;
  return candidates.slice(1, 4).find((c) => BUSINESS_WORD.test(c) && !hasDigits(c)) ?? first;
}
