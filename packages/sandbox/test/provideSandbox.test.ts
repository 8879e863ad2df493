import { provideSandbox } from '../src/index';

describe('provideSandbox (a Vitest globalSetup)', () => {
  it('provides a running sandbox and a URL where nothing listens; the teardown closes the sandbox', async () => {
    const provided = new Map<string, string>();
    const teardown = await provideSandbox({ provide: (key, value) => provided.set(key, value) });
    const sandboxUrl = provided.get('sandboxUrl')!;
    const deadUrl = provided.get('deadUrl')!;
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${sandboxUrl}/_sandbox/health`)).json()).toMatchObject({ ok: true });
    await expect(fetch(`${deadUrl}/`)).rejects.toThrow(TypeError); // refused
    await teardown();
    await expect(fetch(`${sandboxUrl}/_sandbox/health`)).rejects.toThrow(TypeError);
  });
});
