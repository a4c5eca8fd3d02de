// Every rule and score term of the parser has a name, and each can be switched off by it: the
// bench (bench/receipts.ts --ablate) reads its photos again with one switched off at a time and
// counts the items and totals it gains and loses, so a rule that earns nothing is seen and goes.
// Nothing in the product switches one off: the set stays empty and every check is one lookup.

const off = new Set<string>();
const listeners: (() => void)[] = [];

/** Whether the rule or score term so named is in use (always, outside the bench's ablation). */
export function isOn(name: string): boolean {
  return off.size === 0 || !off.has(name);
}

/** Runs `read` with the named rules switched off, then switches them on again. */
export function withSwitchedOff<T>(names: readonly string[], read: () => T): T {
  for (const name of names) off.add(name);
  for (const forget of listeners) forget();
  try {
    return read();
  } finally {
    for (const name of names) off.delete(name);
    for (const forget of listeners) forget();
  }
}

/** A cache of readings that depend on the rules: emptied whenever a rule is switched. */
export function onSwitch(forget: () => void): void {
  listeners.push(forget);
}
