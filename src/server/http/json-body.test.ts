import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"name":"[[[[[[[[[[{{{{{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"name":"quote \\" then [[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('[[],[],[[]]]', 3)).toBe(false);
  });

  it('walks a million brackets without recursion', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(jsonDepthExceeds(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});
