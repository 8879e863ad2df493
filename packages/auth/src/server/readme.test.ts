// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const README = join(PACKAGE, 'README.md');
const SERVER = join(PACKAGE, 'src/server/index.ts');
// TypeScript 7 (the native compiler), as the suite's type check: the same checks for a tenth of the CPU.
const TSC = fileURLToPath(new URL('../../../../node_modules/typescript-7/bin/tsc', import.meta.url));

/** The README's Next.js route file: the one fenced block that imports `@plinth/auth/server`. */
function routeBlock(): string {
  const blocks = [...readFileSync(README, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map(([, body = '']) => body)
    .filter((body) => body.includes("from '@plinth/auth/server'"));
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

/** What Next.js's App Router asks of a route file's exports (next/types: a handler of a Request, maybe a context). */
const NEXT_ROUTE_CHECK = `import * as route from './route';
type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Response | Promise<Response>;
export const post: RouteHandler = route.POST;
export const del: RouteHandler = route.DELETE;
`;

describe("the README's Next.js route file", () => {
  let dir: string;
  beforeEach(() => {
    // Inside the package, so that `@types/node` and `@plinth/core` resolve as they do for the package itself.
    mkdirSync(join(PACKAGE, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(join(PACKAGE, 'node_modules/.cache/readme-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks as a Next.js App Router route (POST and DELETE)', () => {
    writeFileSync(join(dir, 'route.ts'), routeBlock());
    writeFileSync(join(dir, 'check.ts'), NEXT_ROUTE_CHECK);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(PACKAGE, '../../tsconfig.base.json'),
        compilerOptions: { types: ['node'], paths: { '@plinth/auth/server': [SERVER] } },
        files: ['route.ts', 'check.ts'],
      }),
    );
    // Throws with tsc's diagnostics when the block does not compile.
    execFileSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
  }, 60_000);

  it("runs as written: Google's token endpoint from its discovery, the secret added, the refresh token kept", async () => {
    writeFileSync(join(dir, 'route.ts'), routeBlock().replace("'@plinth/auth/server'", JSON.stringify(SERVER)));
    vi.stubEnv('GOOGLE_CLIENT_ID', 'id.apps.googleusercontent.com');
    vi.stubEnv('GOOGLE_CLIENT_SECRET', 'GOCSPX-secret');
    vi.stubEnv('AUTH_COOKIE_SECRET', 'a-cookie-secret-of-at-least-32-characters!');
    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push(request);
      return request.url.endsWith('/.well-known/openid-configuration')
        ? Response.json({
            issuer: 'https://accounts.google.com',
            token_endpoint: 'https://oauth2.googleapis.com/token',
            revocation_endpoint: 'https://oauth2.googleapis.com/revoke',
          })
        : Response.json({ access_token: 'ya29', id_token: 'eyJ', expires_in: 3599, refresh_token: '1//0g' });
    });
    try {
      const { POST } = (await import(/* @vite-ignore */ join(dir, 'route.ts'))) as {
        POST: (request: Request) => Promise<Response>;
      };
      const response = await POST(
        new Request('https://app.example/api/auth/token', {
          method: 'POST',
          headers: { origin: 'https://app.example', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: '4/0A',
            redirect_uri: 'https://app.example/auth/callback',
            code_verifier: 'v',
          }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ access_token: 'ya29', id_token: 'eyJ', expires_in: 3599 });
      expect(response.headers.get('set-cookie')).toMatch(/^__Secure-plinth-auth=.*; Path=\/api\/auth\/token; HttpOnly/);
      expect(sent.map((request) => request.url)).toEqual([
        'https://accounts.google.com/.well-known/openid-configuration',
        'https://oauth2.googleapis.com/token',
      ]);
      expect(new URLSearchParams(await sent[1]!.text()).get('client_secret')).toBe('GOCSPX-secret');
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});
