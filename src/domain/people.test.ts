import { describe, expect, it } from 'vitest';
import {
  FRIEND_NAME_MESSAGE,
  canContinueFriends,
  keptFriendNames,
  normaliseName,
  validateFriendName,
} from './people';

describe('validateFriendName', () => {
  it.each([
    'Sam',
    'Mary-Jane',
    'Ann Smith',
    'Zoë',
    'Zoe\u0308', // Zoë typed as e + combining diaeresis
    'Siobhán',
    'Øyvind',
    'Łukasz',
    'Nguyễn Văn An',
    '王芳',
    'Agent 47',
    '',
    '  padded  ',
  ])('accepts %j', (name) => {
    expect(validateFriendName(name)).toBeNull();
  });

  it.each(["O'Brien", 'O’Brien', 'Ann & Ben', 'sam@example.com', 'Dr. Who', 'Tab\there', '😀'])(
    'refuses %j with the spec message',
    (name) => {
      expect(validateFriendName(name)).toBe(FRIEND_NAME_MESSAGE);
    },
  );

  it('uses the exact message from the spec', () => {
    expect(FRIEND_NAME_MESSAGE).toBe('Name can only contain letters, numbers, spaces, and hyphens');
  });
});

describe('normaliseName', () => {
  it('trims, collapses spaces, folds case and Unicode form', () => {
    expect(normaliseName('  Ann   SMITH ')).toBe('ann smith');
    expect(normaliseName('Zoe\u0308')).toBe(normaliseName('ZOË'));
  });
});

describe('keptFriendNames', () => {
  it('trims and drops empty fields, keeping order', () => {
    expect(keptFriendNames([' Ben ', '', '  ', 'Ann'])).toEqual(['Ben', 'Ann']);
  });
});

describe('canContinueFriends', () => {
  it.each<[string, string[], boolean]>([
    ['two valid names', ['Ben', 'Ann'], true],
    ['one name and an empty field', ['Ben', ''], true],
    ['only empty fields', ['', '  '], false],
    ['no fields', [], false],
    ['an invalid name', ['Ben', "O'Brien"], false],
    ['a duplicate, trimmed and case-insensitive', ['Ben', ' ben '], false],
    ['a duplicate in another Unicode form', ['Zoë', 'Zoe\u0308'], false],
    ['names that differ', ['Ben', 'Benjamin'], true],
  ])('%s -> %s', (_, names, expected) => {
    expect(canContinueFriends(names)).toBe(expected);
  });

  it("counts the current user's own name as a duplicate when given", () => {
    expect(canContinueFriends(['sam', 'Ann'], 'Sam')).toBe(false);
    expect(canContinueFriends(['Ann'], 'Sam')).toBe(true);
  });
});
