import { describe, expect, it } from 'vitest';
import { avatarInitials, deriveProfile, emailPrefix, needsOnboarding } from './profile';

describe('deriveProfile', () => {
  it('prefers explicit first and last names', () => {
    expect(
      deriveProfile({ first_name: 'Ada', last_name: 'Lovelace', full_name: 'X Y' }),
    ).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
  it('splits full_name: first word, then the remaining words', () => {
    expect(deriveProfile({ full_name: '  Mary   Jane Watson ' })).toMatchObject({
      firstName: 'Mary',
      lastName: 'Jane Watson',
    });
    expect(deriveProfile({ full_name: 'Cher' })).toMatchObject({
      firstName: 'Cher',
      lastName: null,
    });
  });
  it('reads the OpenID Connect spellings', () => {
    expect(
      deriveProfile({
        given_name: 'Alan',
        family_name: 'Turing',
        picture: 'https://img/a.png',
        email: 'alan@x.uk',
      }),
    ).toEqual({
      firstName: 'Alan',
      lastName: 'Turing',
      profileImageUrl: 'https://img/a.png',
      username: 'alan',
    });
  });
  it('takes the username from preferred_username, else the e-mail prefix', () => {
    expect(deriveProfile({ preferred_username: 'grace', email: 'g@h.com' }).username).toBe('grace');
    expect(deriveProfile({ email: 'g.hopper@navy.mil' }).username).toBe('g.hopper');
    expect(deriveProfile({}).username).toBeNull();
  });
  it('ignores blanks and non-strings', () => {
    expect(deriveProfile({ first_name: '  ', full_name: 42, avatar_url: '' })).toEqual({
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      username: null,
    });
  });
});

describe('avatarInitials', () => {
  it('uses first and last initials', () =>
    expect(avatarInitials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL'));
  it('falls back to the first initial', () =>
    expect(avatarInitials({ firstName: 'Zoë' })).toBe('Z'));
  it('then username, e-mail, name', () => {
    expect(avatarInitials({ username: 'kit', email: 'x@y.z' })).toBe('K');
    expect(avatarInitials({ email: 'ellie@y.z', name: 'N' })).toBe('E');
    expect(avatarInitials({ name: 'nobody' })).toBe('N');
    expect(avatarInitials({})).toBe('');
  });
});

describe('emailPrefix and needsOnboarding', () => {
  it('emailPrefix', () => {
    expect(emailPrefix('a.b@c.d')).toBe('a.b');
    expect(emailPrefix('@c.d')).toBeNull();
    expect(emailPrefix(null)).toBeNull();
  });
  it('needsOnboarding without a first or a last name', () => {
    expect(needsOnboarding({ firstName: 'A', lastName: 'B' })).toBe(false);
    expect(needsOnboarding({ firstName: 'A', lastName: ' ' })).toBe(true);
    expect(needsOnboarding({ firstName: null, lastName: 'B' })).toBe(true);
  });
});
