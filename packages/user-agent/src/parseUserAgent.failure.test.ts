import { channel } from '@plinth/core';

vi.mock('./adapter/ua-parser-js', () => ({
  parseWithVendor: () => {
    throw new RangeError('boom');
  },
}));

it('never throws: a parser failure gives undefined fields and one warning on the channel', async () => {
  const { parseUserAgent } = await import('./parseUserAgent');
  const reports: unknown[] = [];
  const off = channel.on('report', (event) => reports.push(event));
  try {
    const result = parseUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(result.browser).toEqual({ name: undefined, version: undefined, major: undefined });
    expect(result.os.name).toBeUndefined();
    expect(result.isBot).toBe(true);
    parseUserAgent('another string');
    expect(reports).toHaveLength(1);
    expect(JSON.stringify(reports[0])).toContain('boom');
  } finally {
    off();
  }
});
