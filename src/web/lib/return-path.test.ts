import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnPath('/history')).toBe('/history');
    expect(safeReturnPath('/bill/42?x=1#top')).toBe('/bill/42?x=1#top');
    expect(safeReturnPath('/friends')).toBe('/friends');
  });
  it.each([
    null,
    undefined,
    '',
    'history',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/history',
    'javascript:alert(1)',
    ' /history',
    '/his\ttory',
    '/%0a/x\n',
    '/auth',
    '/auth?next=/history',
    '/auth/callback',
    '/' + 'a'.repeat(2001),
  ])('refuses %j', (raw) => expect(safeReturnPath(raw)).toBeNull());
});

describe('withReturnPath and returnPathOf', () => {
  it('carries the page asked for through sign-in and reads it back', () => {
    const to = withReturnPath('/auth', '/bill/42?from=home');
    expect(to).toBe('/auth?next=%2Fbill%2F42%3Ffrom%3Dhome');
    expect(returnPathOf(to.slice(to.indexOf('?')))).toBe('/bill/42?from=home');
  });
  it('adds nothing for home or a path not to follow', () => {
    expect(withReturnPath('/auth', '/')).toBe('/auth');
    expect(withReturnPath('/auth', '//evil.example')).toBe('/auth');
    expect(returnPathOf('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('')).toBeNull();
  });
});
