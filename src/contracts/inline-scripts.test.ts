import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from './inline-scripts';

/** The hash of every inline script (a <script> with no src) of a page, as CSP writes it. */
function inlineScriptHashes(file: string): string[] {
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1] ?? ''))
    .map((m) => `sha256-${createHash('sha256').update(m[2]!).digest('base64')}`);
}

describe('inline scripts allowed by the Content-Security-Policy', () => {
  it('are exactly the inline scripts of the pages, by hash', () => {
    const onPages = ['src/web/index.html', 'src/web/friend.html'].flatMap(inlineScriptHashes);
    expect(onPages.length).toBeGreaterThan(0);
    expect([...new Set(onPages)].sort()).toEqual([...INLINE_SCRIPT_HASHES].sort());
  });
});
