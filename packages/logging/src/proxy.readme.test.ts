// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const PROXY_SOURCE = fileURLToPath(new URL('./proxy.ts', import.meta.url));

/** The README's route handler: the fenced block that imports `@plinth/logging/proxy`, unindented. */
function readmeBlock(): string {
  const blocks = [...readFileSync(README, 'utf8').matchAll(/^( *)```ts\n([\s\S]*?)^\1```$/gm)]
    .map(([, indent = '', body = '']) => body.replace(new RegExp(`^${indent}`, 'gm'), ''))
    .filter((body) => body.includes("from '@plinth/logging/proxy'"));
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

describe("the README's proxy route handler", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'plinth-readme-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs as written: the visitor’s address from x-real-ip, the site’s intake, no cookie; an injection is refused', async () => {
    const file = join(dir, 'route.ts');
    writeFileSync(file, readmeBlock().replace("'@plinth/logging/proxy'", JSON.stringify(PROXY_SOURCE)));
    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return new Response('{}', { status: 202 });
    });
    const { POST } = (await import(/* @vite-ignore */ file)) as { POST: (request: Request) => Promise<Response> };

    const query = 'ddsource=browser&dd-api-key=pub123&dd-request-id=8b2c';
    const post = (ddforward: string) =>
      POST(
        new Request(`https://shop.example/dd?ddforward=${encodeURIComponent(ddforward)}`, {
          method: 'POST',
          body: '{"message":"hello"}',
          headers: { 'x-real-ip': '203.0.113.7', cookie: 'session=secret', 'content-type': 'text/plain' },
        }),
      );
    expect((await post(`/api/v2/logs?${query}`)).status).toBe(202);
    expect((await post(`.evil.com/api/v2/logs?${query}`)).status).toBe(400);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`https://browser-intake-datadoghq.eu/api/v2/logs?${query}`);
    expect(Object.fromEntries(sent[0]!.headers)).toEqual({
      'content-type': 'text/plain',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(await sent[0]!.text()).toBe('{"message":"hello"}');
  });
});
