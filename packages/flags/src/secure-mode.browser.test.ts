import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { createFlags, type Flags } from './createFlags';
import type { SecureModeContext } from './ldContext';
import { control, sandboxConfig, sandboxUrl } from './test-sandbox';

// Secure mode with the real launchdarkly-js-client-sdk against the sandbox, which refuses (400) any evaluation
// or stream whose `h=` is not the HMAC-SHA256 of the context's canonical key with the SDK key, as LaunchDarkly
// does. The test plays the app's server: it signs what the `hash` callback is given.

const SDK_KEY = 'sdk-key';
const hmac = async (text: string) => {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(SDK_KEY),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};

interface Received {
  path: string;
  route?: string;
  error?: string;
}
const refusals = async (env: string) => {
  const all: Received[] = await (await fetch(`${sandboxUrl}/_sandbox/received?vendor=launchdarkly`)).json();
  return all.filter((entry) => entry.path.split('/').includes(env) && entry.error);
};

let env: string;
let instance: Flags | undefined;
beforeEach(async () => {
  env = `secure-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  localStorage.clear();
  await control('/reset', 'POST');
  await control('/behaviour', 'PUT', { secureModeKey: SDK_KEY });
  // `theme` is dark for one organization only: the evaluation must have carried the organization.
  await control('/flags/theme', 'PUT', {
    value: 'light',
    rules: [{ kind: 'organization', attribute: 'key', values: ['acme:eu'], value: 'dark' }],
  });
  channel.signedIn({ id: 'u-1' });
});
afterEach(async () => {
  instance?.stop();
  instance = undefined;
  resetChannel();
  await control('/reset', 'POST'); // secure mode off again, flags as they were
});

describe('secure mode with a multi-kind context (real SDK, sandbox checking the hash)', () => {
  it('hash gets the canonical key of each context sent, at start and at each setContext: every evaluation accepted', async () => {
    const asked: string[] = [];
    const hash = async ({ canonicalKey }: SecureModeContext) => {
      asked.push(canonicalKey);
      return hmac(canonicalKey);
    };
    instance = createFlags(
      sandboxConfig(env, { consent: false, streaming: true, hash, contexts: { organization: { key: 'acme:eu' } } }),
    );
    instance.start();
    expect(await instance.ready()).toBe('ready');
    expect(instance.details('theme')).toMatchObject({ value: 'dark', source: 'live' });

    await instance.setContext('organization', { key: 'globex' });
    expect(instance.status()).toBe('ready');
    expect(instance.details('theme').value).toBe('light');
    expect(asked).toEqual(['organization:acme%3Aeu:user:u-1', 'organization:globex:user:u-1']);
    expect(await refusals(env)).toEqual([]);
  });

  it('a hash of the user’s key alone (what `hash(user)` could give) is refused for a multi-kind context: failed', async () => {
    instance = createFlags(
      sandboxConfig(env, {
        consent: false,
        hash: () => hmac('u-1'),
        contexts: { organization: { key: 'acme:eu' } },
      }),
    );
    instance.start();
    expect(await instance.ready()).toBe('failed');
    expect(instance.details('theme').value).toBe('light'); // the catalogue default
    expect((await refusals(env)).map((entry) => entry.route)).toContain('evalx');
  });
});
