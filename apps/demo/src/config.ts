/**
 * The demo's configuration, from Vite env variables (`.env.local` or the shell). Every default points
 * at @plinth/sandbox on 127.0.0.1, so the demo runs with no vendor account; real vendor keys and URLs
 * in env switch it to the real services as each package lands.
 */
const env = import.meta.env;
const sandboxUrl = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');

export const config = {
  sandboxUrl,
  /** The inspector reads what the sandbox received; off when no sandbox is configured. */
  inspector: !env.VITE_SANDBOX_URL?.startsWith('off'),
  oidc: {
    authority: env.VITE_OIDC_AUTHORITY ?? `${sandboxUrl}/oidc`,
    clientId: env.VITE_OIDC_CLIENT_ID ?? 'plinth-demo',
  },
  collectUrl: env.VITE_COLLECT_URL ?? `${sandboxUrl}/collect/demo`,
} as const;
