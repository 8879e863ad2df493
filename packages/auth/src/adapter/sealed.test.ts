// @vitest-environment node
// The sealing module with fake users and a Map for IndexedDB (the real IndexedDB is in e2e/sealed.spec.ts):
// Node's WebCrypto is the browser's API.
import { InMemoryWebStorage, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { type SealedRecord, seal, sealedStore, unseal, type Vault } from './sealed';

const KEY = 'user:https://id.example.com:my-spa';
const user = (refresh: string | null, access = `at-${refresh}`) =>
  JSON.stringify({
    id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.sig',
    access_token: access,
    refresh_token: refresh,
    token_type: 'Bearer',
    scope: 'openid profile',
    profile: { sub: 'u1', name: 'Ada' },
    expires_at: 2_000_000_000,
  });

/** A vault over a Map (records kept as given, as IndexedDB's structured clone keeps a CryptoKey usable). */
function mapVault(fail = false) {
  const records = new Map<string, SealedRecord>();
  const vault: Vault = {
    get: async (id) => (fail ? Promise.reject(new Error('blocked')) : records.get(id)),
    put: async (id, record) => {
      if (fail) throw new Error('quota');
      records.set(id, record);
    },
    clear: async () => {
      if (fail) throw new Error('blocked');
      records.clear();
    },
  };
  return { vault, records };
}

/** One tab: its own memory, the vault shared by the origin's tabs. */
const tab = (vault: Vault) => sealedStore(vault, new WebStorageStateStore({ store: new InMemoryWebStorage() }));
const text = (record: SealedRecord | undefined) => Buffer.from(record?.data ?? new ArrayBuffer(0)).toString('latin1');

describe('seal / unseal', () => {
  it('round-trips, with ciphertext that holds no plaintext, under a key that cannot be exported', async () => {
    const record = await seal('refresh-token-123', KEY);
    expect(await unseal(record, KEY)).toBe('refresh-token-123');
    expect(text(record)).not.toContain('refresh-token-123');
    expect(record.data.byteLength).toBe('refresh-token-123'.length + 16); // AES-GCM: the text plus its tag
    expect(record.key.extractable).toBe(false);
    expect(record.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', record.key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', record.key)).rejects.toThrow();
  });

  it('a fresh key and IV each time: the same text never seals the same way twice', async () => {
    const [a, b] = [await seal('same', KEY), await seal('same', KEY)];
    expect(a.key).not.toBe(b.key);
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(false);
  });

  it('refuses another context, another key and a changed record', async () => {
    const record = await seal('secret', KEY);
    await expect(unseal(record, 'user:https://id.example.com:other-client')).rejects.toThrow();
    await expect(unseal({ ...record, key: (await seal('x', KEY)).key }, KEY)).rejects.toThrow();
    const changed = new Uint8Array(record.data.slice(0));
    changed[0] = (changed[0] ?? 0) ^ 1;
    await expect(unseal({ ...record, data: changed.buffer }, KEY)).rejects.toThrow();
  });
});

describe('sealedStore', () => {
  it('seals the user without its access token, and a reload (new memory) gets it back, expired', async () => {
    const { vault, records } = mapVault();
    await tab(vault).set(KEY, user('rt-1'));
    expect(records.size).toBe(1);
    for (const secret of ['rt-1', 'at-rt-1', 'eyJ', 'refresh_token'])
      expect(text(records.get(KEY))).not.toContain(secret);

    const restored = JSON.parse(String(await tab(vault).get(KEY)));
    expect(restored).toMatchObject({ refresh_token: 'rt-1', expires_at: 0, profile: { sub: 'u1' } });
    expect(restored.access_token).toBeUndefined();
  });

  it("answers this tab's own user while its refresh token is the sealed one", async () => {
    const { vault } = mapVault();
    const store = tab(vault);
    await store.set(KEY, user('rt-1'));
    expect(await store.get(KEY)).toBe(user('rt-1'));
  });

  it('a rotated refresh token replaces the sealed one; another tab then reads the new one', async () => {
    const { vault, records } = mapVault();
    const [first, second] = [tab(vault), tab(vault)];
    await first.set(KEY, user('rt-1'));
    await second.set(KEY, user('rt-1'));
    await first.set(KEY, user('rt-2')); // the first tab renewed (under the lock)
    expect(records.size).toBe(1);
    // The second tab, re-reading the store under the lock, never uses the rotated-out rt-1.
    expect(JSON.parse(String(await second.get(KEY)))).toMatchObject({ refresh_token: 'rt-2', expires_at: 0 });
    expect(await first.get(KEY)).toBe(user('rt-2'));
  });

  it('remove (a sign-out) deletes the sealed record; drop (a refused refresh) too, memory kept', async () => {
    const { vault, records } = mapVault();
    const store = tab(vault);
    await store.set(KEY, user('rt-1'));
    await store.remove(KEY);
    expect(records.size).toBe(0);
    expect(await store.get(KEY)).toBeNull();
    expect(await tab(vault).get(KEY)).toBeNull();

    await store.set(KEY, user('rt-2'));
    await store.drop();
    expect(records.size).toBe(0);
    expect(await store.get(KEY)).toBe(user('rt-2'));
  });

  it('a user without a refresh token (revoked, or none given) keeps only its ID token sealed: the next hint', async () => {
    const { vault, records } = mapVault();
    const store = tab(vault);
    await store.set(KEY, user('rt-1'));
    await store.set(KEY, user(null, 'at-still-here')); // oidc-client-ts after revoking the refresh token
    expect(records.size).toBe(1);
    expect(text(records.get(KEY))).not.toContain('rt-1');
    expect(await store.get(KEY)).toBe(user(null, 'at-still-here'));
    // After a reload: the ID token (the silent sign-in's id_token_hint), expired, no refresh or access token.
    const reloaded = JSON.parse((await tab(vault).get(KEY)) ?? 'null') as Record<string, unknown>;
    expect(reloaded).toMatchObject({ id_token: JSON.parse(user(null)).id_token, expires_at: 0, refresh_token: null });
    expect(reloaded.access_token).toBeUndefined();
    // Neither token: nothing sealed.
    await store.set(KEY, JSON.stringify({ ...JSON.parse(user(null)), id_token: undefined }));
    expect(records.size).toBe(0);
  });

  it('a record that does not open (another key, changed) counts as none', async () => {
    const { vault, records } = mapVault();
    records.set(KEY, await seal(user('rt-x'), 'user:https://elsewhere:my-spa'));
    expect(await tab(vault).get(KEY)).toBeNull();
  });

  it('IndexedDB failing leaves the tab in memory, as tokenStorage memory', async () => {
    const { vault } = mapVault(true);
    const store = tab(vault);
    await store.set(KEY, user('rt-1'));
    expect(await store.get(KEY)).toBe(user('rt-1'));
    expect(await store.remove(KEY)).toBe(user('rt-1'));
    await store.drop();
    expect(await store.getAllKeys()).toEqual([]);
  });
});
