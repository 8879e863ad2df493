// @vitest-environment node
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, isGzip, parseForm } from './decode';

const json = {
  api_key: 'phc_test',
  batch: [{ event: '$pageview', properties: { $current_url: 'http://127.0.0.1/' } }],
};
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('decodeBody', () => {
  it('parses JSON by content type', () => {
    expect(decodeBody(bytes(JSON.stringify(json)), { contentType: 'application/json; charset=utf-8' })).toEqual({
      body: json,
      decoding: ['json'],
    });
  });

  it('detects gzip by its magic bytes even as text/plain without Content-Encoding (PostHog)', () => {
    const gz = gzipSync(JSON.stringify(json));
    expect(isGzip(gz)).toBe(true);
    expect(decodeBody(gz, { contentType: 'text/plain' })).toEqual({ body: json, decoding: ['gzip', 'json'] });
    // No content type at all: still sniffed.
    expect(decodeBody(gz)).toEqual({ body: json, decoding: ['gzip', 'json'] });
  });

  it('honours Content-Encoding gzip and deflate', () => {
    expect(
      decodeBody(gzipSync(JSON.stringify(json)), { contentType: 'application/json', contentEncoding: 'gzip' }),
    ).toEqual({ body: json, decoding: ['gzip', 'json'] });
    expect(
      decodeBody(deflateSync(JSON.stringify(json)), { contentType: 'application/json', contentEncoding: 'deflate' }),
    ).toEqual({ body: json, decoding: ['deflate', 'json'] });
  });

  it('unwraps a ?compression=base64 form body with data= (PostHog sendBeacon)', () => {
    const data = Buffer.from(JSON.stringify(json)).toString('base64');
    const body = bytes(`data=${encodeURIComponent(data)}`);
    expect(
      decodeBody(body, {
        contentType: 'application/x-www-form-urlencoded',
        query: new URLSearchParams('compression=base64&ver=1.449'),
      }),
    ).toEqual({ body: json, decoding: ['form', 'base64', 'json'] });
  });

  it('unwraps base64 of gzip inside a form body', () => {
    const data = gzipSync(JSON.stringify(json)).toString('base64');
    const decoded = decodeBody(bytes(`data=${encodeURIComponent(data)}`), {
      contentType: 'application/x-www-form-urlencoded',
      query: new URLSearchParams('compression=base64'),
    });
    expect(decoded).toEqual({ body: json, decoding: ['form', 'base64', 'gzip', 'json'] });
  });

  it('keeps a plain form body as fields (OAuth token requests)', () => {
    const decoded = decodeBody(bytes('grant_type=authorization_code&code=abc&scope=a&scope=b'), {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(decoded).toEqual({
      body: { grant_type: 'authorization_code', code: 'abc', scope: ['a', 'b'] },
      decoding: ['form'],
    });
  });

  it('splits NDJSON into one entry per line (Datadog sends it as text/plain)', () => {
    const lines = [
      { message: 'one', status: 'info' },
      { message: 'two', status: 'error' },
    ];
    const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
    expect(decodeBody(bytes(text), { contentType: 'text/plain;charset=UTF-8' })).toEqual({
      body: lines,
      decoding: ['ndjson'],
    });
    expect(decodeBody(bytes(text), { contentType: 'application/x-ndjson' })).toEqual({
      body: lines,
      decoding: ['ndjson'],
    });
  });

  it('marks the bad NDJSON lines and keeps the good ones', () => {
    const decoded = decodeBody(bytes('{"a":1}\n{oops\n{"b":2}'), { contentType: 'application/x-ndjson' });
    expect(decoded.body).toEqual([{ a: 1 }, '{oops', { b: 2 }]);
    expect(decoded.malformed).toBe('invalid JSON on line 2');
  });

  it('keeps other text as text', () => {
    expect(decodeBody(bytes('hello'), { contentType: 'text/plain' })).toEqual({ body: 'hello', decoding: ['text'] });
  });

  it('returns undefined for an empty body', () => {
    expect(decodeBody(Buffer.alloc(0), { contentType: 'application/json' })).toEqual({ body: undefined, decoding: [] });
  });

  describe('malformed input never throws', () => {
    it('invalid JSON', () => {
      const decoded = decodeBody(bytes('{"a":'), { contentType: 'application/json' });
      expect(decoded.malformed).toMatch(/^invalid JSON/);
      expect(decoded.body).toBe('{"a":');
    });

    it('JSON-looking text/plain that is neither JSON nor NDJSON', () => {
      expect(decodeBody(bytes('{"a":1'), { contentType: 'text/plain' }).malformed).toMatch(/^invalid JSON/);
    });

    it('truncated gzip', () => {
      const gz = gzipSync(JSON.stringify(json));
      const decoded = decodeBody(gz.subarray(0, gz.length - 12), { contentType: 'text/plain' });
      expect(decoded.malformed).toMatch(/^invalid gzip data/);
      expect(decoded.body).toMatch(/^<\d+ bytes: 1f8b/);
    });

    it('Content-Encoding gzip on bytes that are not gzip', () => {
      expect(decodeBody(bytes('plain'), { contentEncoding: 'gzip' }).malformed).toMatch(/^invalid gzip data/);
    });

    it('an unknown Content-Encoding', () => {
      expect(decodeBody(bytes('x'), { contentEncoding: 'zstd-9000' }).malformed).toBe(
        'unsupported Content-Encoding: zstd-9000',
      );
    });

    it('bad base64 in a beacon body', () => {
      const decoded = decodeBody(bytes('data=%%%not*base64%%%'), {
        contentType: 'application/x-www-form-urlencoded',
        query: new URLSearchParams('compression=base64'),
      });
      expect(decoded.malformed).toBe('invalid base64 in the data field');
      expect(decoded.body).toBe('data=%%%not*base64%%%');
    });

    it('base64 that decodes to garbage JSON', () => {
      const data = Buffer.from('{"broken":').toString('base64');
      const decoded = decodeBody(bytes(`data=${encodeURIComponent(data)}`), {
        contentType: 'application/x-www-form-urlencoded',
        query: new URLSearchParams('compression=base64'),
      });
      expect(decoded.malformed).toMatch(/^invalid JSON/);
    });

    it('invalid UTF-8 in a JSON body', () => {
      expect(decodeBody(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { contentType: 'application/json' }).malformed).toBe(
        'body is not valid UTF-8',
      );
    });

    it('a decompression bomb past the cap', () => {
      const bomb = gzipSync(Buffer.alloc(2 * 1024 * 1024));
      const decoded = decodeBody(bomb, { contentType: 'text/plain', maxDecodedBytes: 1024 * 1024 });
      expect(decoded.malformed).toMatch(/decompresses beyond 1048576 bytes/);
      expect(decoded.tooLarge).toBe(true);
    });

    it('binary data is described, not dumped', () => {
      const decoded = decodeBody(Buffer.from([0, 1, 2, 0xff]), { contentType: 'application/octet-stream' });
      expect(decoded).toEqual({ body: '<4 bytes: 000102ff>', decoding: ['binary'] });
    });
  });
});

describe('parseForm', () => {
  it('turns repeated keys into arrays', () => {
    expect(parseForm('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' });
  });
});
