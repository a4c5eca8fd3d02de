// Every switch of the parser by name (switches.ts), for the bench's ablation: its rules, its
// readings' choices, the total's strategies and the score's terms.
import { KEYWORD_RULES } from './keywords';
import { RULES } from './rules';
import { SCORE_TERMS } from './score';
import { TOTAL_STRATEGIES } from './totals';

export const SWITCHES: readonly { name: string; kind: string }[] = [
  ...SCORE_TERMS.map((t) => ({ name: t.name, kind: 'score term' })),
  ...RULES.map((r) => ({ name: r.name, kind: 'rule' })),
  ...TOTAL_STRATEGIES.map((s) => ({ name: s.name, kind: 'total strategy' })),
  ...KEYWORD_RULES.map((r) => ({ name: r.name, kind: 'words' })),
];
