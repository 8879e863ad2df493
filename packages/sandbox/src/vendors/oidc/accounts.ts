import { createHmac } from 'node:crypto';

/** The claims of a dev account. */
export interface AccountClaims {
  sub: string;
  name: string;
  given_name: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
}

export const DEFAULT_SUBJECT_KEY = '@plinth/sandbox dev accounts';

/**
 * The dev account for whatever login was typed on the sign-in page: `alice` → `alice@example.com`,
 * name `Alice`; an email address is kept as typed. The subject is opaque (a keyed hash of the
 * lower-cased email), as real identity providers issue it: never the login or the email.
 */
export function accountClaims(login: string, subjectKey = DEFAULT_SUBJECT_KEY): AccountClaims {
  const trimmed = login.trim();
  const local = trimmed.includes('@') ? trimmed.slice(0, trimmed.indexOf('@')) : trimmed;
  const email = trimmed.includes('@') ? trimmed : `${local.toLowerCase().replace(/[^a-z0-9._-]+/g, '.')}@example.com`;
  const words = local.split(/[._\-\s]+/).filter(Boolean);
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  const name = words.map(capital).join(' ') || local;
  return {
    sub: subjectOf(email, subjectKey),
    name,
    given_name: words.length ? capital(words[0]!) : name,
    preferred_username: local,
    email,
    email_verified: true,
  };
}

function subjectOf(email: string, key: string): string {
  return createHmac('sha256', key).update(email.toLowerCase()).digest('base64url').slice(0, 24);
}
