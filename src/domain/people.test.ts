import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  PERSON_NAME_CHARACTERS_MESSAGE,
  PERSON_NAME_TOO_LONG_MESSAGE,
} from './bill-rules';
import { canContinueFriends, keptFriendNames, normaliseName, validateFriendName } from './people';

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
    '李',
    'Agent 47',
    "O'Brien",
    'O’Brien',
    'Anne-Marie',
    'St. John',
    '',
    '  padded  ',
    'x'.repeat(50),
  ])('accepts %j', (name) => {
    expect(validateFriendName(name)).toBeNull();
  });

  it('refuses control characters in their own words', () => {
    expect(validateFriendName('Tab\there')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it.each(['Ann & Ben', 'sam@example.com', '😀', '<b>', 'Sam 🍕'])(
    'refuses %j with the bill rules message',
    (name) => {
      expect(validateFriendName(name)).toBe(PERSON_NAME_CHARACTERS_MESSAGE);
    },
  );

  it('refuses a name over 50 characters', () => {
    expect(validateFriendName('x'.repeat(51))).toBe(PERSON_NAME_TOO_LONG_MESSAGE);
    expect(validateFriendName('李'.repeat(50))).toBeNull();
    // Characters as a person counts them: 𠀀 (outside the BMP) is one, not two UTF-16 units.
    expect(validateFriendName('𠀀'.repeat(50))).toBeNull();
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
    ['an invalid name', ['Ben', 'Ben & Jerry'], false],
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
