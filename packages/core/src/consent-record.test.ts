// @vitest-environment node
// The proof-of-consent route handler of @plinth/core/server, as a server runs it (fetch's Request and Response).
import type { ConsentRecord } from './consent-record';
import { createConsentRecordHandler } from './server';

const URL_ = 'https://shop.example/api/consent-records';
const valid: ConsentRecord = {
  id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  revision: '2026-11',
  source: 'banner',
  categories: { analytics: 'granted', monitoring: 'denied', functional: 'pending' },
  time: '2026-11-27T16:50:00.000Z',
  page: 'https://shop.example/checkout',
};
const post = (body: BodyInit | null, type = 'application/json', method = 'POST') =>
  new Request(URL_, { method, body, headers: body === null ? {} : { 'content-type': type } });

describe('createConsentRecordHandler', () => {
  const setup = (options: { categories?: readonly string[]; fail?: boolean } = {}) => {
    const saved: ConsentRecord[] = [];
    const handler = createConsentRecordHandler({
      categories: options.categories,
      save: (record) => {
        if (options.fail) throw new Error('database down');
        saved.push(record);
      },
    });
    return { saved, handler };
  };

  it('passes a valid record to the app’s store: 204 (JSON, or text/plain as sendBeacon sends a string)', async () => {
    const { saved, handler } = setup({ categories: ['analytics', 'monitoring', 'functional'] });
    expect((await handler(post(JSON.stringify(valid)))).status).toBe(204);
    expect((await handler(post(JSON.stringify(valid), 'text/plain;charset=UTF-8'))).status).toBe(204);
    expect(saved).toEqual([valid, valid]);
  });

  it.each([
    ['not JSON', '{"id":', 'the body is not JSON'],
    ['an array', '[]', 'the body is not a JSON object'],
    ['null', 'null', 'the body is not a JSON object'],
    ['a field too many', { ...valid, email: 'a@b.c' }, 'unknown field: email'],
    ['a field missing', { ...valid, id: undefined }, 'id: 8 to 128 letters, digits, - or _'],
    ['a numeric id', { ...valid, id: 12345678 }, 'id: 8 to 128 letters, digits, - or _'],
    ['a revision of the wrong type', { ...valid, revision: 3 }, 'revision: a string of at most 128 characters'],
    ['a source with markup', { ...valid, source: '<b>cmp</b>' }, 'source: a lower-case name'],
    ['categories as a list', { ...valid, categories: ['analytics'] }, 'categories: an object of category → status'],
    ['no categories', { ...valid, categories: {} }, 'categories: 1 to 32 entries'],
    [
      'a status of the wrong type',
      { ...valid, categories: { analytics: true } },
      'categories.analytics: granted, denied or pending',
    ],
    ['an unknown category', { ...valid, categories: { ads: 'granted' } }, 'categories: unknown category ads'],
    ['a time that is not ISO', { ...valid, time: 'yesterday' }, 'time: an ISO 8601 UTC time'],
    ['a time as a number', { ...valid, time: 1764262200000 }, 'time: an ISO 8601 UTC time'],
    [
      'a page with a query',
      { ...valid, page: 'https://shop.example/?email=a@b.c' },
      'page: an http(s) URL without query or fragment, or empty',
    ],
    [
      'a script URL',
      { ...valid, page: 'javascript:alert(1)' },
      'page: an http(s) URL without query or fragment, or empty',
    ],
  ])('refuses %s: 400 with the reason, nothing saved', async (_, body, reason) => {
    const { saved, handler } = setup({ categories: ['analytics', 'monitoring', 'functional'] });
    const response = await handler(post(typeof body === 'string' ? body : JSON.stringify(body)));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: reason });
    expect(saved).toEqual([]);
  });

  it('refuses an oversized body, declared or not, without reading it all: 400, nothing saved', async () => {
    const { saved, handler } = setup();
    const big = JSON.stringify({ ...valid, revision: 'x'.repeat(5000) });
    const declared = await handler(
      new Request(URL_, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      }),
    );
    expect(declared.status).toBe(400);
    expect(await declared.json()).toEqual({ error: 'the body is larger than 4096 bytes' });
    // A streamed body with no length: cut at the limit.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
      },
    });
    const streamed = await handler(
      new Request(URL_, {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(400);
    expect(pulled).toBeLessThan(10);
    expect(saved).toEqual([]);
  });

  it('refuses another content type (400) and another method (405); a failing store answers 500', async () => {
    const { saved, handler } = setup();
    expect((await handler(post(JSON.stringify(valid), 'application/x-www-form-urlencoded'))).status).toBe(400);
    const get = await handler(new Request(URL_));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(saved).toEqual([]);
    const failing = setup({ fail: true }).handler;
    const response = await failing(post(JSON.stringify(valid)));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'the record could not be saved' });
  });
});
