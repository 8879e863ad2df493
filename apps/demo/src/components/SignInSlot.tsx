import { useEffect, useState } from 'react';
import { config } from '../config';

/**
 * The header's sign-in slot. Until @plinth/auth lands it shows whether the OpenID provider answers
 * (its discovery document), which is the first request a sign-in client makes.
 */
export function SignInSlot() {
  const [issuer, setIssuer] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${config.oidc.authority}/.well-known/openid-configuration`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((doc: { issuer?: string }) => setIssuer(doc.issuer ?? null))
      .catch(() => {
        if (!controller.signal.aborted) setIssuer(null);
      });
    return () => controller.abort();
  }, []);
  return (
    <div className="sign-in" data-slot="sign-in">
      {issuer === undefined && <span>Identity provider…</span>}
      {issuer === null && <span className="bad">Identity provider offline</span>}
      {issuer && <span title={issuer}>Identity provider ready</span>}
    </div>
  );
}
