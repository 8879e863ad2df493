// The refresh token's cookie (`@plinth/auth/server`): AES-GCM under a key derived (HKDF-SHA-256) from the
// configured secret, bound to the cookie's name and the client (additional data), with the time it was set.
// WebCrypto only: the same code in Node ≥ 20 and edge runtimes.

const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

export interface CookieBox {
  /** The cookie value carrying `refreshToken`. */
  seal(refreshToken: string): Promise<string>;
  /** The refresh token in `value`, or `undefined` for a value that was changed, is another's, or is too old. */
  open(value: string): Promise<string | undefined>;
}

/** Seals and opens the cookie's value with a key derived from `secret`, bound to `context`, valid `maxAgeSeconds`. */
export function cookieBox(secret: string, context: string, maxAgeSeconds: number): CookieBox {
  const additionalData = encoder.encode(context);
  const key = (async () => {
    const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
    return crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('@plinth/auth/server'), info: additionalData },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  })();
  return {
    async seal(refreshToken) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = encoder.encode(JSON.stringify({ rt: refreshToken, at: Math.floor(Date.now() / 1000) }));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, await key, plain),
      );
      return `${base64url(iv)}.${base64url(sealed)}`;
    },
    async open(value) {
      try {
        const [iv, data] = value.split('.').map(fromBase64url) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, await key, data);
        const { rt, at } = JSON.parse(new TextDecoder().decode(plain)) as { rt?: unknown; at?: unknown };
        const fresh = typeof at === 'number' && at + maxAgeSeconds > Date.now() / 1000;
        return fresh && typeof rt === 'string' && rt ? rt : undefined;
      } catch {
        return undefined; // changed, sealed under another secret or for another client, or not ours at all
      }
    },
  };
}
