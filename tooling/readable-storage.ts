// What a script of the page's origin can read, for the journeys that prove no token is readable (auth's sealed
// sessions, the demo's Glewlwyd journeys).
import type { Page } from '@playwright/test';

/** Every value a script of the origin can read: web storage, cookies, and each IndexedDB record as stored. */
export const readableStorage = (page: Page) =>
  page.evaluate(async () => {
    const records: { db: string; value: string; extractable?: boolean; exported: boolean }[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        for (const value of values) {
          // Binary fields as text (latin1, so every byte shows) and base64: a token in either would be found.
          const show = (field: unknown): unknown => {
            if (field instanceof ArrayBuffer || ArrayBuffer.isView(field)) {
              const bytes = new Uint8Array(field instanceof ArrayBuffer ? field : field.buffer);
              const text = String.fromCharCode(...bytes);
              return `${text} ${btoa(text)}`;
            }
            if (field instanceof CryptoKey) return { algorithm: field.algorithm, extractable: field.extractable };
            if (field && typeof field === 'object')
              return Object.fromEntries(Object.entries(field).map(([k, v]) => [k, show(v)]));
            return field;
          };
          const key = (value as { key?: unknown }).key;
          const exported =
            key instanceof CryptoKey &&
            (await crypto.subtle.exportKey('raw', key).then(
              () => true,
              () => false,
            ));
          records.push({
            db: name,
            value: JSON.stringify(show(value)),
            extractable: key instanceof CryptoKey ? key.extractable : undefined,
            exported,
          });
        }
      }
      db.close();
    }
    const storage = [
      ...Object.entries(localStorage).map(([k, v]) => `local:${k}=${v}`),
      ...Object.entries(sessionStorage).map(([k, v]) => `session:${k}=${v}`),
      `cookie:${document.cookie}`,
    ].join('\n');
    return { storage, records };
  });
