// @vitest-environment node
import { isPlinthError } from '@plinth/core';
import { createIntakeProxy, type IntakeProxyOptions } from './proxy';
import { DATADOG_SITES, type DatadogSite, intakeOrigin } from './site';

/** A recording upstream: what the proxy would have sent, and the intake's answer. */
function upstream(answer: () => Response = () => new Response('{}', { status: 202 })) {
  const sent: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push(new Request(input, init));
    return answer();
  };
  return { sent, fetch };
}

const proxyWith = (options: IntakeProxyOptions = {}) => {
  const intake = upstream();
  return { intake, proxy: createIntakeProxy({ fetch: intake.fetch, ...options }) };
};

/** The SDK's request: `POST {proxy}?ddforward=<encoded path and query>`. */
const sdkRequest = (ddforward: string, init: RequestInit = {}) =>
  new Request(`https://shop.example/dd?ddforward=${encodeURIComponent(ddforward)}`, {
    method: 'POST',
    body: 'log',
    ...init,
  });

const QUERY = 'ddsource=browser&dd-api-key=pub123&dd-evp-origin=browser&dd-request-id=8b2c';

describe('the intake proxy (@plinth/logging/proxy)', () => {
  // Each would reach another host if the proxy glued `ddforward` to the intake's origin
  // (`https://browser-intake-datadoghq.com` + `.evil.com/…` is `browser-intake-datadoghq.com.evil.com`).
  const ATTEMPTS = [
    `.evil.com/api/v2/logs?${QUERY}`,
    `//evil.com/api/v2/logs?${QUERY}`,
    `@evil.com/api/v2/logs?${QUERY}`,
    `https://evil.com/api/v2/logs?${QUERY}`,
    `\\\\evil.com/api/v2/logs?${QUERY}`,
    `/\\evil.com/api/v2/logs?${QUERY}`,
    `%2F%2Fevil.com/api/v2/logs?${QUERY}`,
    `%2Eevil.com/api/v2/logs?${QUERY}`,
    `.evil.com%2Fapi%2Fv2%2Flogs?${QUERY}`,
    `/api/v2/logs@evil.com/?${QUERY}`,
    `/api/v2/logs/../../../x?${QUERY}`,
    `/api/v2/logs%2F..%2F..%2Fx?${QUERY}`,
    `/api/v2/logs.evil.com?${QUERY}`,
    `/api/v2/logs%23@evil.com?${QUERY}`,
    `/api/v1/input?${QUERY}`,
    '',
  ];

  it.each(ATTEMPTS)(
    'refuses ddforward=%s with 400 and sends nothing (encoded, raw and double-encoded)',
    async (attempt) => {
      const { intake, proxy } = proxyWith();
      const urls = [
        `https://shop.example/dd?ddforward=${encodeURIComponent(attempt)}`,
        `https://shop.example/dd?ddforward=${attempt}`,
        `https://shop.example/dd?ddforward=${encodeURIComponent(encodeURIComponent(attempt))}`,
      ];
      for (const url of urls) {
        const response = await proxy(new Request(url, { method: 'POST', body: 'log' }));
        expect({ url, status: response.status }).toEqual({ url, status: 400 });
      }
      expect(intake.sent.map((request) => request.url)).toEqual([]);
    },
  );

  it('forwards a good request to the site’s intake: the path and query of ddforward, the body byte for byte, POST', async () => {
    const { intake, proxy } = proxyWith({ site: 'datadoghq.eu' });
    const body = new Uint8Array([0x1f, 0x8b, 0x00, 0xff, 0xfe, 0x0a, 0x7b, 0x7d]); // binary, not UTF-8
    const response = await proxy(
      sdkRequest(`/api/v2/logs?${QUERY}`, {
        body,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
          cookie: '_dd_s=rum=1&id=abc; session=secret',
          authorization: 'Bearer secret',
          'x-forwarded-for': '198.51.100.66', // made up by the client
          forwarded: 'for=198.51.100.66',
          'x-real-ip': '198.51.100.66',
          connection: 'keep-alive, x-custom',
          'proxy-authorization': 'Basic c2VjcmV0',
          origin: 'https://shop.example',
        },
      }),
      '203.0.113.7',
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('{}');
    expect(intake.sent).toHaveLength(1);
    const [sent] = intake.sent;
    expect(sent!.url).toBe(`https://browser-intake-datadoghq.eu/api/v2/logs?${QUERY}`);
    expect(sent!.method).toBe('POST');
    expect(sent!.redirect).toBe('manual');
    expect(Object.fromEntries(sent!.headers)).toEqual({
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(new Uint8Array(await sent!.arrayBuffer())).toEqual(body);
  });

  it('forwards the SDK’s telemetry path too, and a query that names another host stays a query', async () => {
    const { intake, proxy } = proxyWith();
    await proxy(sdkRequest(`/api/v2/rum?${QUERY}&batch_time=1`));
    await proxy(sdkRequest('/api/v2/logs?next=@evil.com/&to=//evil.com'));
    await proxy(sdkRequest('/api/v2/logs'));
    expect(intake.sent.map((request) => request.url)).toEqual([
      `https://browser-intake-datadoghq.com/api/v2/rum?${QUERY}&batch_time=1`,
      'https://browser-intake-datadoghq.com/api/v2/logs?next=@evil.com/&to=//evil.com',
      'https://browser-intake-datadoghq.com/api/v2/logs',
    ]);
  });

  it.each(DATADOG_SITES)('forwards to the intake of site %s and nowhere else', async (site: DatadogSite) => {
    const { intake, proxy } = proxyWith({ site });
    await proxy(sdkRequest(`/api/v2/logs?${QUERY}`));
    expect(new URL(intake.sent[0]!.url).origin).toBe(intakeOrigin(site));
  });

  it('answers 405 to any method but POST, 400 to no, two or a subdomain ddforward', async () => {
    const { intake, proxy } = proxyWith();
    for (const method of ['GET', 'HEAD', 'PUT', 'OPTIONS', 'DELETE']) {
      const response = await proxy(new Request(`https://shop.example/dd?ddforward=%2Fapi%2Fv2%2Flogs`, { method }));
      expect([method, response.status, response.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
    const base = 'https://shop.example/dd';
    for (const url of [
      base,
      `${base}?ddforward=%2Fapi%2Fv2%2Flogs&ddforward=%2Fapi%2Fv2%2Frum`,
      `${base}?ddforward=%2Fapi%2Fv2%2Flogs&ddforwardSubdomain=evil.com%2F`,
    ]) {
      expect((await proxy(new Request(url, { method: 'POST', body: 'log' }))).status).toBe(400);
    }
    expect(intake.sent).toEqual([]);
  });

  it('sends X-Forwarded-For only with an address from the platform, never the client’s own header', async () => {
    const { intake, proxy } = proxyWith();
    const spoofed = { headers: { 'x-forwarded-for': '198.51.100.66' } };
    await proxy(sdkRequest('/api/v2/logs', spoofed));
    await proxy(sdkRequest('/api/v2/logs', spoofed), null);
    await proxy(sdkRequest('/api/v2/logs'), '2001:db8::1');
    await proxy(sdkRequest('/api/v2/logs'), '::ffff:203.0.113.7');
    await proxy(sdkRequest('/api/v2/logs'), '203.0.113.7, 198.51.100.66'); // a chain is not one address
    await proxy(sdkRequest('/api/v2/logs'), 'unknown');
    expect(intake.sent.map((request) => request.headers.get('x-forwarded-for'))).toEqual([
      null,
      null,
      '2001:db8::1',
      '::ffff:203.0.113.7',
      null,
      null,
    ]);
  });

  it('passes the intake’s answer on (a 403 reaches the logger’s `rejected` watch) without its cookies; 502 when unreachable', async () => {
    const rejected = createIntakeProxy({
      fetch: async () =>
        new Response('{"errors":["Forbidden"]}', {
          status: 403,
          headers: { 'content-type': 'application/json', 'set-cookie': 'dd=1' },
        }),
    });
    const answer = await rejected(sdkRequest('/api/v2/logs'));
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('set-cookie')]).toEqual([
      403,
      'application/json',
      null,
    ]);
    expect(await answer.text()).toBe('{"errors":["Forbidden"]}');

    const down = createIntakeProxy({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect((await down(sdkRequest('/api/v2/logs'))).status).toBe(502);
  });

  it('refuses an unknown site when it is created', () => {
    let error: unknown;
    try {
      createIntakeProxy({ site: 'datadoghq.europe' as DatadogSite });
    } catch (thrown) {
      error = thrown;
    }
    expect(isPlinthError(error) && [error.source, error.code]).toEqual(['config', 'invalid_option']);
    expect((error as Error).message).toMatch(/createIntakeProxy: unknown Datadog site "datadoghq.europe"/);
  });
});
