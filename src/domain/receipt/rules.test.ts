import { describe, expect, it } from 'vitest';
import { boxesOfScoredLines } from '../../testing/ocr-boxes';
import { parseReceipt, parseReceiptText } from './parse-receipt';
import { RULES, type RuleExample } from './rules';
import { withSwitchedOff } from './switches';

const read = (e: RuleExample) =>
  e.alternatives || e.scores
    ? parseReceipt(
        boxesOfScoredLines(
          [...e.lines],
          { ...e.scores },
          Object.fromEntries(Object.entries(e.alternatives ?? {}).map(([k, v]) => [k, [...v]])),
          { ...e.heights },
        ),
      )
    : parseReceiptText(e.lines);

const shown = (e: RuleExample) => {
  const parsed = read(e);
  return {
    ...(e.items ? { items: parsed.items.map((i) => [i.name, i.amountPence]) } : {}),
    ...(e.total !== undefined ? { total: parsed.totalPence } : {}),
  };
};

describe('each rule of the parser reads its examples, and without it reads them otherwise', () => {
  const cases = RULES.flatMap((rule) =>
    rule.examples.map((e, k) => [`${rule.name} #${k + 1}`, rule.name, e] as const),
  );
  it.each(cases)('%s', (_, name, example) => {
    expect(shown(example)).toEqual({
      ...(example.items ? { items: example.items.map(([n, p]) => [n, p]) } : {}),
      ...(example.total !== undefined ? { total: example.total } : {}),
    });
    expect(withSwitchedOff([name], () => shown(example))).not.toEqual(shown(example));
  });

  it('gives every rule a reason and an example', () => {
    for (const rule of RULES) {
      expect(rule.reason.length).toBeGreaterThan(20);
      expect(rule.examples.length).toBeGreaterThan(0);
    }
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
  });
});
