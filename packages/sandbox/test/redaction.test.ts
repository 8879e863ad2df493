// @vitest-environment node
import * as core from '@plinth/core';
import { describe, expect, it } from 'vitest';
import { isSecretParam, KEPT_PARAMS, REDACTED, redactParams, SECRET_PARAMS } from '../src/http/redact';

/**
 * One redaction list: what the sandbox hides in its recordings and what @plinth/core's scrubber
 * removes before anything leaves the page must agree, name by name. If core exports its list
 * (`SECRET_KEYS`), every name on it is checked too.
 */
const coreList = (core as Record<string, unknown>).SECRET_KEYS;
const coreKeys = Array.isArray(coreList) ? (coreList as string[]) : [];

const PROBES = [
  ...SECRET_PARAMS,
  ...coreKeys,
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_token',
  'Nonce',
  'STATE',
  'client_secret',
  'x-api-key',
  'api_key',
  'apikey',
  'password',
  'new_password',
  'pwd',
  'signature',
  'credentials',
  'authorization',
  'cookie',
  // Not secret, in both:
  'q',
  'page',
  'client_id',
  'redirect_uri',
  'post_logout_redirect_uri',
  'scope',
  'response_type',
  'grant_type',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'utm_source',
];

/** Whether core's URL scrubber removes the parameter (a kept sentinel proves the URL was not dropped whole). */
function coreRemoves(name: string): boolean {
  const scrubbed = new URL(core.scrubUrl(`https://a.example/p?keep=1&${encodeURIComponent(name)}=v4lue`));
  expect(scrubbed.searchParams.get('keep')).toBe('1');
  return !scrubbed.searchParams.has(name);
}

describe('the sandbox recorder and @plinth/core agree on which parameters are secret', () => {
  it.each([...new Set(PROBES)].filter((name) => !KEPT_PARAMS.includes(name)))('%s', (name) => {
    expect({ name, secret: coreRemoves(name) }).toEqual({ name, secret: isSecretParam(name) });
    const redacted = redactParams({ [name]: 'v4lue', keep: '1' });
    expect(redacted).toEqual({ [name]: isSecretParam(name) ? REDACTED : 'v4lue', keep: '1' });
  });

  it('keeps only the names that name a secret rather than hold one, which core may drop', () => {
    expect(KEPT_PARAMS).toEqual(['token_type_hint']);
    expect(isSecretParam('token_type_hint')).toBe(false);
    expect(redactParams({ token_type_hint: 'refresh_token' })).toEqual({ token_type_hint: 'refresh_token' });
  });
});
