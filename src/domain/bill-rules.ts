import { formatPence, MAX_BILL_PENCE, toPence, type Pence } from './money';
import { amountsProblem, splitInputProblem, type SplitInput } from './split';
import { hasUnsafeText } from './text';

// The one set of rules a bill must keep (DECISIONS.md "Names of people", "Money and numbers"), as
// plain functions that answer with the message to show, or null when the value is fine. The browser
// asks them at each field (friends dialog, editor, manual entry, summary); the server's contracts
// (contracts/bills.ts) refine their schemas with the same functions, so a bill the editor lets
// through is one the server stores, and a refusal reads the same on both sides.

export const BILL_LIMITS = {
  /** Any one amount, and the sum of a bill's items, service charge and tax, in pence (£1,000,000.00). */
  maxAmountPence: MAX_BILL_PENCE,
  billNameMax: 120,
  itemNameMax: 120,
  /** A person's name, in characters (code points) after trimming. */
  personNameMax: 50,
  /** Portions one person has of one item: a multiple of 0.5, from 0.5 to this. */
  portionsMax: 100,
  tipPercentMax: 100,
  maxItems: 200,
  maxPeople: 50,
} as const;

export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount such as 12.50';
export const AMOUNT_TOO_LARGE_MESSAGE = `Amounts can be at most ${formatPence(MAX_BILL_PENCE)}`;
export const AMOUNT_NEGATIVE_MESSAGE = "Can't be below £0.00";
export const TIP_PERCENT_MESSAGE = `Tip must be between 0 and ${BILL_LIMITS.tipPercentMax}%`;
export const PORTIONS_MESSAGE = `Portions must be 0.5 to ${BILL_LIMITS.portionsMax}, in steps of 0.5`;
export const BILL_NAME_REQUIRED_MESSAGE = 'Bill name is required';
export const BILL_NAME_TOO_LONG_MESSAGE = `Bill names can be at most ${BILL_LIMITS.billNameMax} characters`;
export const ITEM_NAME_TOO_LONG_MESSAGE = `Item names can be at most ${BILL_LIMITS.itemNameMax} characters`;
export const PERSON_NAME_REQUIRED_MESSAGE = 'Name is required';
export const PERSON_NAME_TOO_LONG_MESSAGE = `Names can be at most ${BILL_LIMITS.personNameMax} characters`;
export const PERSON_NAME_CHARACTERS_MESSAGE =
  'Names can use letters, numbers, spaces, hyphens, apostrophes and full stops';
export const CONTROL_CHARACTERS_MESSAGE = 'Text can’t contain control characters';
export const TOO_MANY_ITEMS_MESSAGE = `A bill can have at most ${BILL_LIMITS.maxItems} items`;
export const TOO_MANY_PEOPLE_MESSAGE = `A bill can have at most ${BILL_LIMITS.maxPeople} people`;

/** Pounds as a client sends them: an optional minus, whole pounds, at most 2 decimals. */
const AMOUNT_TEXT = /^-?\d+(\.\d{1,2})?$/;

/** Characters, as a person counts them: code points, so 李 and Zoë (composed) are one each. */
export function characterCount(text: string): number {
  return [...text.normalize('NFC')].length;
}

/**
 * Why pounds text ("12.50", "-1.2") is not an amount a bill can hold, or null. Blank is not an
 * amount. `allowNegative` is for item lines (a discount); totals, service and tip are never below 0.
 */
export function amountTextProblem(
  text: string,
  { allowNegative }: { allowNegative: boolean },
): string | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return AMOUNT_FORMAT_MESSAGE;
  if (trimmed.replace(/^-/, '').split('.')[0]!.length > 9) return AMOUNT_TOO_LARGE_MESSAGE;
  return amountProblem(toPence(trimmed), { allowNegative });
}

/** Why an amount in pence is not one a bill can hold, or null. */
export function amountProblem(
  pence: Pence,
  { allowNegative }: { allowNegative: boolean },
): string | null {
  if (!Number.isSafeInteger(pence)) return AMOUNT_FORMAT_MESSAGE;
  if (Math.abs(pence) > BILL_LIMITS.maxAmountPence) return AMOUNT_TOO_LARGE_MESSAGE;
  if (!allowNegative && pence < 0) return AMOUNT_NEGATIVE_MESSAGE;
  return null;
}

/** Why a tip percentage is refused, or null: 0 to 100, honoured to 0.01%. */
export function tipPercentProblem(percent: number): string | null {
  return Number.isFinite(percent) && percent >= 0 && percent <= BILL_LIMITS.tipPercentMax
    ? null
    : TIP_PERCENT_MESSAGE;
}

/** Why one person's portions of an item are refused, or null: 0.5 to portionsMax in 0.5 steps. */
export function portionsProblem(portions: number): string | null {
  return Number.isInteger(portions * 2) && portions > 0 && portions <= BILL_LIMITS.portionsMax
    ? null
    : PORTIONS_MESSAGE;
}

/** Why a bill name is refused, or null: 1 to billNameMax characters after trimming. */
export function billNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return BILL_NAME_REQUIRED_MESSAGE;
  if (hasUnsafeText(trimmed)) return CONTROL_CHARACTERS_MESSAGE;
  return characterCount(trimmed) > BILL_LIMITS.billNameMax ? BILL_NAME_TOO_LONG_MESSAGE : null;
}

/** Why an item name is refused, or null: at most itemNameMax characters (blank is 'Unknown Item'). */
export function itemNameProblem(name: string): string | null {
  if (hasUnsafeText(name)) return CONTROL_CHARACTERS_MESSAGE;
  return characterCount(name.trim()) > BILL_LIMITS.itemNameMax ? ITEM_NAME_TOO_LONG_MESSAGE : null;
}

// Letters of any script and their marks, digits, spaces, hyphens, apostrophes (straight or curly)
// and full stops: O'Brien, Zoë (either way it was typed), Anne-Marie, St. John, 李.
const PERSON_NAME = /^[\p{L}\p{M}\p{Nd} .'’-]*$/u;

/** Why a person's name is refused, or null (DECISIONS.md "Names of people"). */
export function personNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return PERSON_NAME_REQUIRED_MESSAGE;
  if (hasUnsafeText(trimmed)) return CONTROL_CHARACTERS_MESSAGE;
  if (!PERSON_NAME.test(trimmed)) return PERSON_NAME_CHARACTERS_MESSAGE;
  return characterCount(trimmed) > BILL_LIMITS.personNameMax ? PERSON_NAME_TOO_LONG_MESSAGE : null;
}

const RULE_MESSAGES: ReadonlySet<string> = new Set([
  AMOUNT_FORMAT_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  AMOUNT_NEGATIVE_MESSAGE,
  TIP_PERCENT_MESSAGE,
  PORTIONS_MESSAGE,
  BILL_NAME_REQUIRED_MESSAGE,
  BILL_NAME_TOO_LONG_MESSAGE,
  ITEM_NAME_TOO_LONG_MESSAGE,
  PERSON_NAME_REQUIRED_MESSAGE,
  PERSON_NAME_TOO_LONG_MESSAGE,
  PERSON_NAME_CHARACTERS_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  TOO_MANY_ITEMS_MESSAGE,
  TOO_MANY_PEOPLE_MESSAGE,
]);

/** Whether a message is one of these rules' own sentences, shown to a person as it stands. */
export function isBillRuleMessage(message: string): boolean {
  return RULE_MESSAGES.has(message);
}

/**
 * The first reason a bill's fields, in pence, break a rule, or null: the counts, every name, amount
 * and portion, the tip, the service charge and the tax. Nothing here needs the bill to be complete.
 */
export function billFieldsProblem(input: SplitInput): string | null {
  if (input.participants.length > BILL_LIMITS.maxPeople) return TOO_MANY_PEOPLE_MESSAGE;
  if (input.items.length > BILL_LIMITS.maxItems) return TOO_MANY_ITEMS_MESSAGE;
  for (const person of input.participants) {
    const problem = personNameProblem(person.name);
    if (problem) return `${person.name.trim() || 'A person'}: ${problem}`;
  }
  for (const item of input.items) {
    const problem =
      itemNameProblem(item.name) ??
      amountProblem(item.amountPence, { allowNegative: true }) ??
      item.assignments
        .filter((a) => a.portions !== 0)
        .map((a) => portionsProblem(a.portions))
        .find((p) => p !== null) ??
      null;
    if (problem) return problem;
  }
  return (
    tipPercentProblem(input.tipPercent) ??
    amountProblem(input.serviceChargePence, { allowNegative: false }) ??
    amountProblem(input.taxPence ?? 0, { allowNegative: false })
  );
}

/**
 * The first reason a whole bill, in pence, would be refused on save, or null when the server takes
 * it: its name, its fields (billFieldsProblem), allocation, and the amounts (size, a total or a
 * share below zero). The summary keeps Done disabled while this says anything; the property test
 * holds the server to saving whatever passes.
 */
export function billInputProblem(input: SplitInput, billName?: string): string | null {
  return (
    (billName === undefined ? null : billNameProblem(billName)) ??
    billFieldsProblem(input) ??
    splitInputProblem(input)?.title ??
    amountsProblem(input)
  );
}
