// Names, image and username from identity metadata (payments-accounts.md §3 User): first_name, else
// the first word of full_name; last_name, else the remaining words; the image from avatar_url; the
// username from preferred_username, else the part of the e-mail before the at-sign. OpenID Connect
// spells them given_name, family_name, name and picture, so both spellings are read.

export interface IdentityMetadata {
  first_name?: unknown;
  given_name?: unknown;
  last_name?: unknown;
  family_name?: unknown;
  full_name?: unknown;
  name?: unknown;
  avatar_url?: unknown;
  picture?: unknown;
  preferred_username?: unknown;
  email?: unknown;
}

export interface DerivedProfile {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  username: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The e-mail's local part, or null for something that is not an e-mail. */
export function emailPrefix(email: string | null | undefined): string | null {
  const at = email?.indexOf('@') ?? -1;
  return email && at > 0 ? email.slice(0, at) : null;
}

/** Derives the profile fields from a provider's identity metadata (either spelling). */
export function deriveProfile(meta: IdentityMetadata): DerivedProfile {
  const words = (text(meta.full_name) ?? text(meta.name) ?? '').split(/\s+/).filter(Boolean);
  return {
    firstName: text(meta.first_name) ?? text(meta.given_name) ?? words[0] ?? null,
    lastName:
      text(meta.last_name) ??
      text(meta.family_name) ??
      (words.length > 1 ? words.slice(1).join(' ') : null),
    profileImageUrl: text(meta.avatar_url) ?? text(meta.picture),
    username: text(meta.preferred_username) ?? emailPrefix(text(meta.email)),
  };
}

export interface InitialsInput {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
  name?: string | null;
}

/**
 * Avatar initials (capture-split-history.md §3 User): first initials of first and last name; else the
 * first name's initial; else the initial of username, e-mail or name. Upper case; '' if nothing.
 */
export function avatarInitials(u: InitialsInput): string {
  const initial = (s: string | null | undefined) =>
    s?.trim() ? Array.from(s.trim())[0]!.toUpperCase() : '';
  const first = initial(u.firstName);
  const last = initial(u.lastName);
  if (first && last) return first + last;
  if (first) return first;
  return initial(u.username) || initial(u.email) || initial(u.name);
}

/** True when the user must still pass the profile step of onboarding. */
export function needsOnboarding(u: {
  firstName?: string | null;
  lastName?: string | null;
}): boolean {
  return !u.firstName?.trim() || !u.lastName?.trim();
}
