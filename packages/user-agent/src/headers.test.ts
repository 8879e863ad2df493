// @vitest-environment node
import { applyClientHints } from './applyClientHints';
import { userAgentFromHeaders, userAgentProps } from './headers';
import { parseUserAgent } from './parseUserAgent';

const hintsFromHeaders = (headers: Parameters<typeof userAgentProps>[0]) => userAgentProps(headers).hints;

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const REQUEST = {
  'user-agent': UA,
  'sec-ch-ua': '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  'sec-ch-ua-platform-version': '"15.0.0"',
  'sec-ch-ua-full-version-list':
    '"Chromium";v="124.0.6367.60", "Google Chrome";v="124.0.6367.60", "Not-A.Brand";v="99.0.0.0"',
  'sec-ch-ua-arch': '"x86"',
  'sec-ch-ua-bitness': '"64"',
  cookie: 'session=secret',
};

describe('userAgentFromHeaders', () => {
  it('reads User-Agent plus client hints from a Fetch Headers object', () => {
    const result = userAgentFromHeaders(new Headers(REQUEST));
    expect(result.os).toEqual({ name: 'Windows', version: '11' });
    expect(result.browser).toEqual({ name: 'Chrome', version: '124.0.6367.60', major: '124' });
    expect(result.cpu.architecture).toBe('amd64');
  });

  it('reads Node IncomingHttpHeaders (arrays) and mixed-case records', () => {
    const node = { ...REQUEST, 'sec-ch-ua-platform-version': ['"13.0.0"'] };
    expect(userAgentFromHeaders(node).os.version).toBe('11');
    const mixed = { 'User-Agent': UA, 'Sec-CH-UA-Platform': '"Windows"', 'Sec-CH-UA-Platform-Version': '"10.0.0"' };
    expect(userAgentFromHeaders(mixed).os).toEqual({ name: 'Windows', version: '10' });
  });

  it('works with only a User-Agent, or nothing', () => {
    expect(userAgentFromHeaders({ 'user-agent': UA }).os).toEqual({ name: 'Windows', version: '10' });
    expect(userAgentFromHeaders({}).ua).toBe('');
    expect(userAgentFromHeaders(null).ua).toBe('');
  });

  it('parses structured-field strings with escapes, and mobile/model for Android', () => {
    const hints = hintsFromHeaders({
      'sec-ch-ua-model': '"Pixel \\"8\\""',
      'sec-ch-ua-mobile': '?1',
      'sec-ch-ua-full-version-list': '"Not)A;Brand";v="8.0.0.0", "Chromium";v="138.0.7204.63"',
    });
    expect(hints.model).toBe('Pixel "8"');
    expect(hints.mobile).toBe(true);
    expect(hints.fullVersionList).toEqual([
      { brand: 'Not)A;Brand', version: '8.0.0.0' },
      { brand: 'Chromium', version: '138.0.7204.63' },
    ]);
  });

  it('bounds hostile header values', () => {
    const hostile = {
      'user-agent': '('.repeat(100_000),
      'sec-ch-ua-full-version-list': '"a";v="1", '.repeat(10_000),
      'sec-ch-ua-platform-version': `"${'9'.repeat(100_000)}"`,
      'sec-ch-ua-model': `"${'\\"'.repeat(50_000)}`,
    };
    const hints = hintsFromHeaders(hostile);
    expect(hints.fullVersionList).toHaveLength(16);
    expect(hints.model).toBeUndefined(); // unterminated after truncation
    const result = userAgentFromHeaders(hostile);
    expect(result.ua).toHaveLength(512);
  });
});

describe('userAgentProps', () => {
  it('gives plain, serialisable provider props with no other header (no cookies)', () => {
    const props = userAgentProps(new Headers(REQUEST));
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(JSON.stringify(props)).not.toContain('secret');
    expect(props.userAgent).toBe(UA);
    expect(props.hints).toEqual({
      brands: [
        { brand: 'Chromium', version: '124' },
        { brand: 'Google Chrome', version: '124' },
        { brand: 'Not-A.Brand', version: '99' },
      ],
      fullVersionList: [
        { brand: 'Chromium', version: '124.0.6367.60' },
        { brand: 'Google Chrome', version: '124.0.6367.60' },
        { brand: 'Not-A.Brand', version: '99.0.0.0' },
      ],
      mobile: false,
      platform: 'Windows',
      platformVersion: '15.0.0',
      architecture: 'x86',
      bitness: '64',
    });
    // What the provider computes from the props is what the server computes from the headers.
    expect(applyClientHints(parseUserAgent(props.userAgent), props.hints)).toEqual(userAgentFromHeaders(REQUEST));
    expect(userAgentProps(null)).toEqual({ userAgent: '', hints: {} });
  });
});
