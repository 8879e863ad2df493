// `tokenStorage: 'sealed'` (README, "Sealed sessions"): oidc-client-ts's user, less its access token, encrypted with
// AES-GCM under a key that cannot be exported (`extractable: false`) and kept in IndexedDB, so a reload where the
// hidden iframe sees no provider session (Safari, Firefox, Cognito) signs in again with the refresh token. In the
// adapter's lazy chunk: a page that never signs in loads none of it.
import type { StateStore } from 'oidc-client-ts';

/** One sealed record: the key that opens it (a non-extractable `CryptoKey`), a fresh IV and the ciphertext. */
export interface SealedRecord {
  key: CryptoKey;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** Where sealed records live: IndexedDB in the browser (`indexedDbVault`), anything alike in tests. */
export interface Vault {
  get(id: string): Promise<SealedRecord | undefined>;
  put(id: string, record: SealedRecord): Promise<void>;
  /** Deletes every record, and so every key. */
  clear(): Promise<void>;
}

/** A sealed store with a way to drop only what is sealed (a refresh the provider refused). */
export interface SealedStore extends StateStore {
  drop(): Promise<void>;
}

const AES = 'AES-GCM';
const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * Encrypts `text` under a new AES-GCM key that no script can read out (it can only be used, in this origin),
 * bound to `context` (additional data: a record moved to another key or client does not open).
 */
export async function seal(text: string, context: string): Promise<SealedRecord> {
  const key = await crypto.subtle.generateKey({ name: AES, length: 256 }, false, ['encrypt', 'decrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: AES, iv, additionalData: bytes(context) }, key, bytes(text));
  return { key, iv, data };
}

/** The text `seal` encrypted; rejects for another `context` or a record that was changed. */
export async function unseal(record: SealedRecord, context: string): Promise<string> {
  const { key, iv, data } = record;
  return new TextDecoder().decode(
    await crypto.subtle.decrypt({ name: AES, iv, additionalData: bytes(context) }, key, data),
  );
}

type Stored = { access_token?: unknown; refresh_token?: unknown; id_token?: unknown; expires_at?: unknown } & Record<
  string,
  unknown
>;
const parse = (value: string | null) => (value ? (JSON.parse(value) as Stored) : null);

/**
 * oidc-client-ts's user store over `memory` (this tab's, as with `'memory'`) and `vault` (shared by the tabs):
 * - `set` seals the user without its access token (expired, so a restored user is renewed at once with its
 *   refresh token); a user without a refresh token (revoked, or the provider gave none) leaves only its ID token
 *   sealed, the `id_token_hint` of the silent sign-in after a reload; a user with neither leaves nothing;
 * - `get` answers this tab's user while its refresh token is the sealed one, else the sealed user (after a reload,
 *   or when another tab rotated the refresh token: the shared store the renewal lock re-reads);
 * - `remove` (every sign-out, a refused ID token, an expired session) and `drop` delete what is sealed.
 * IndexedDB failing (storage blocked, quota) leaves the tab's memory: signed in until the next reload, as `'memory'`.
 */
export function sealedStore(vault: Vault, memory: StateStore): SealedStore {
  const quietly = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      () => undefined,
    );
  const opened = async (key: string) => {
    try {
      const record = await vault.get(key);
      return record ? await unseal(record, key) : null;
    } catch {
      return null; // unreadable: storage blocked, a record from another key or changed
    }
  };
  return {
    async set(key, value) {
      await memory.set(key, value);
      const { access_token: _, ...user } = parse(value) ?? {};
      // Without a refresh token, the ID token alone is kept: after a reload it is the silent sign-in's
      // `id_token_hint` (some providers answer `prompt=none` only with one).
      await quietly(
        user.refresh_token || user.id_token
          ? seal(JSON.stringify({ ...user, expires_at: 0 }), key)
              .then((record) => vault.put(key, record))
              .catch(() => vault.clear()) // never an older refresh token left behind
          : vault.clear(),
      );
    },
    async get(key) {
      const [own, sealed] = await Promise.all([memory.get(key), opened(key)]);
      return sealed && (!own || parse(own)?.refresh_token !== parse(sealed)?.refresh_token) ? sealed : (own ?? null);
    },
    async remove(key) {
      await quietly(vault.clear());
      return memory.remove(key);
    },
    getAllKeys: () => memory.getAllKeys(),
    drop: () => quietly(vault.clear()),
  };
}

/**
 * Records in the IndexedDB database `name` (one object store, `sealed`): each call opens it, runs one transaction
 * and closes it, so no connection stays open.
 */
export function indexedDbVault(name: string): Vault {
  const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('sealed');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const transaction = db.transaction('sealed', mode);
        const request = work(transaction.objectStore('sealed'));
        transaction.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        transaction.onerror = transaction.onabort = () => {
          db.close();
          reject(transaction.error);
        };
      };
    });
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<SealedRecord | undefined>),
    put: (id, record) => run('readwrite', (store) => store.put(record, id)).then(() => undefined),
    clear: () => run('readwrite', (store) => store.clear()).then(() => undefined),
  };
}
