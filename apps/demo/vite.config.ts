import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Connect, defaultClientConditions, defineConfig, loadEnv, type Plugin } from 'vite';

/** The vendor SDKs' npm packages → the name their lazy chunks carry. */
const VENDOR_PACKAGES: readonly [RegExp, string][] = [
  [/[\\/]node_modules[\\/]posthog-js[\\/]/, 'posthog'],
  [/[\\/]node_modules[\\/]launchdarkly-[\w-]+[\\/]/, 'launchdarkly'],
  [/[\\/]node_modules[\\/]@datadog[\\/]/, 'datadog'],
  [/[\\/]node_modules[\\/]oidc-client-ts[\\/]/, 'oidc-client-ts'],
];

/** The origin of each configured URL (src/config.ts's env variables), without duplicates. */
const origins = (...urls: (string | undefined)[]) => [
  ...new Set(urls.filter((url): url is string => Boolean(url?.startsWith('http'))).map((url) => new URL(url).origin)),
];

/**
 * The built demo's Content-Security-Policy (README, "Strict CSP"): scripts only from this origin (no
 * inline script, no eval, no remote script host), connections only to this origin and the vendors'
 * hosts that src/config.ts points at (the sandbox by default), the OpenID provider as the only frame
 * (the silent sign-in iframe, which comes back to this origin's /silent-callback), framed only by itself.
 */
export function contentSecurityPolicy(env: Record<string, string>): string {
  const sandbox = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');
  const authority = env.VITE_OIDC_AUTHORITY ?? `${sandbox}/oidc`;
  const connect = origins(
    sandbox,
    authority,
    env.VITE_POSTHOG_HOST,
    // PostHog Cloud reads its remote config from the region's assets host (@plinth/analytics' POSTHOG_HOSTS).
    env.VITE_POSTHOG_HOST?.replace(/^https:\/\/(us|eu)\.i\.posthog\.com\/?$/, 'https://$1-assets.i.posthog.com'),
    env.VITE_LD_BASE_URL,
    env.VITE_LD_STREAM_URL,
    env.VITE_LD_EVENTS_URL,
    env.VITE_DD_PROXY,
  );
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${connect.join(' ')}`,
    `frame-src 'self' ${origins(authority).join(' ')}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ...trustedTypes(env),
  ].join('; ');
}

/**
 * Trusted Types (README, "Trusted Types"): on by default, so every journey runs under them. Every HTML or script
 * sink (`innerHTML`, `DOMParser.parseFromString`, `script.src`, `eval`…) refuses a plain string, and only the
 * named policies may be created: `plinth-svg` (@plinth/svg's, for DOMPurify's parse). No vendor SDK the demo
 * loads needs one. `VITE_TRUSTED_TYPES=off` (in the environment or `.env.local`) leaves both directives out.
 */
export const TRUSTED_TYPES_POLICIES = ['plinth-svg'] as const;

export function trustedTypes(env: Record<string, string>): string[] {
  if (env.VITE_TRUSTED_TYPES === 'off') return [];
  return ["require-trusted-types-for 'script'", `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`];
}

/**
 * The first-party proxy (`VITE_VENDOR_PROXY=1`, or an origin: README "Through a first-party proxy"): each vendor's
 * traffic goes to a path on the demo's own origin, and the dev or preview server forwards it to the
 * sandbox, as an app's own reverse proxy (Next.js rewrites, nginx, a CDN rule) forwards it to the real
 * vendor. Path on this origin → path on the sandbox. Every server of the process forwards them; with an origin,
 * only the page served from it sends anything there (src/config.ts).
 */
const VENDOR_PROXY_PATHS = { '/ingest': '', '/ld': '', '/dd': '/datadog/intake' } as const;

function vendorProxy(env: Record<string, string>) {
  if (!env.VITE_VENDOR_PROXY) return undefined;
  const target = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');
  return Object.fromEntries(
    Object.entries(VENDOR_PROXY_PATHS).map(([path, to]) => [
      path,
      { target, changeOrigin: true, rewrite: (url: string) => `${to}${url.slice(path.length)}` || '/' },
    ]),
  );
}

/**
 * The token-mediating backend (`VITE_OIDC_BACKEND`, e.g. `/api/auth/token`): @plinth/auth's `./server` handler on
 * that route of the dev and preview servers, for providers that want a client secret (Google) or a session that
 * survives reloads without an iframe. The secrets come from the server's environment, never from `VITE_*` (which
 * the build puts in the page): `OIDC_CLIENT_SECRET`, and `OIDC_COOKIE_SECRET` (32+ characters) for the cookie that
 * keeps the refresh token. Without them the route is not mounted, and the build says why.
 */
function tokenBackend(env: Record<string, string>): Plugin | undefined {
  const route = env.VITE_OIDC_BACKEND;
  if (!route) return undefined;
  const sandbox = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');
  const { OIDC_CLIENT_SECRET: clientSecret, OIDC_COOKIE_SECRET: cookieSecret } = process.env;
  if (!clientSecret || !cookieSecret) {
    console.warn(`[demo] VITE_OIDC_BACKEND=${route} needs OIDC_CLIENT_SECRET and OIDC_COOKIE_SECRET: not mounted`);
    return undefined;
  }
  const mount = async (middlewares: Connect.Server) => {
    // Built by `start` and by the journeys' server before Vite starts.
    // Through a variable: the config's bundler leaves it to Node, which finds the built package.
    const server = '@plinth/auth/server';
    const { createTokenHandler, toNodeHandler } = (await import(server)) as typeof import('@plinth/auth/server');
    const handler = toNodeHandler(
      createTokenHandler({
        issuer: env.VITE_OIDC_AUTHORITY ?? `${sandbox}/oidc`,
        clientId: env.VITE_OIDC_CLIENT_ID ?? 'plinth-demo',
        clientSecret,
        cookie: { secret: cookieSecret },
      }),
    );
    middlewares.use(route, (req, res) => void handler(req, res));
  };
  return {
    name: 'plinth-token-backend',
    configureServer: (server) => mount(server.middlewares),
    configurePreviewServer: (server) => mount(server.middlewares),
  };
}

/**
 * Proof of consent (issue 35): `POST /api/consent-records` on the dev and preview servers is core's
 * `createConsentRecordHandler` (`@plinth/core/server`), the route an app would have; src/consent.ts posts each record
 * to it. A valid record is forwarded to the sandbox's collector (stream `consent-records`), the demo's stand-in for
 * the app's database; the page itself sends nothing to the sandbox.
 */
function consentRecords(env: Record<string, string>): Plugin {
  const sandbox = (env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');
  const mount = async (middlewares: Connect.Server) => {
    // Through a variable: the config's bundler leaves it to Node, which finds the built package (core is built
    // with the sandbox by `start`, and before the journeys).
    const server = '@plinth/core/server';
    const { createConsentRecordHandler } = (await import(server)) as typeof import('@plinth/core/server');
    const handler = createConsentRecordHandler({
      categories: ['analytics', 'monitoring', 'functional'],
      save: async (record) => {
        await fetch(`${sandbox}/collect/consent-records`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(record),
        });
      },
    });
    middlewares.use('/api/consent-records', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
        const method = req.method ?? 'GET';
        const response = await handler(
          new Request(`http://${req.headers.host}/api/consent-records`, {
            method,
            headers,
            body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
          }),
        );
        res.statusCode = response.status;
        response.headers.forEach((value, key) => {
          res.setHeader(key, value);
        });
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  };
  return {
    name: 'plinth-consent-records',
    configureServer: (server) => mount(server.middlewares),
    configurePreviewServer: (server) => mount(server.middlewares),
  };
}

// Workspace packages resolve to their TypeScript source (the `@plinth/source` condition): no build step.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  return {
    plugins: [react(), tokenBackend(env), consentRecords(env)],
    resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
    server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: vendorProxy(env) },
    // The build is served under the strict policy (the journeys run every page under it; the dev server,
    // whose HMR client is inline script, is not). process.env wins over .env files (scripts/dev.mjs sets
    // VITE_SANDBOX_URL).
    preview: {
      host: '127.0.0.1',
      port: 4173,
      strictPort: true,
      proxy: vendorProxy(env),
      headers: { 'Content-Security-Policy': contentSecurityPolicy(env) },
    },
    // Pre-bundle every dependency up front: a re-optimisation found mid-session reloads the page.
    optimizeDeps: {
      include: [
        'react',
        'react-dom/client',
        'react/jsx-dev-runtime',
        'react-router',
        '@plinth/lazy > react-intersection-observer',
        '@plinth/svg > react-from-dom',
        '@plinth/svg > dompurify',
        '@plinth/rich-text > @portabletext/react',
        '@plinth/user-agent > ua-parser-js',
      ],
    },
    build: {
      sourcemap: true,
      rolldownOptions: {
        output: {
          // A vendor's lazy chunk is named after the vendor (its adapter, `src/adapter/posthog.ts` →
          // `posthog-[hash].js`), so blocking one vendor is one route pattern. scripts/budget.mjs checks that
          // nothing loaded at start-up carries a vendor's name or code.
          // A chunk split out of a vendor's SDK (e.g. posthog-js's extensions) carries the vendor's name too.
          chunkFileNames: (chunk) => {
            const adapter = /[\\/]src[\\/]adapter[\\/]([\w-]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '')?.[1];
            if (adapter) return `assets/${adapter}-[hash].js`;
            const vendor = VENDOR_PACKAGES.find(([pattern]) => chunk.moduleIds.some((id) => pattern.test(id)))?.[1];
            return vendor ? `assets/${vendor}-[name]-[hash].js` : 'assets/[name]-[hash].js';
          },
        },
      },
    },
  };
});
