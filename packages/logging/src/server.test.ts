// @vitest-environment node
import { REDACTED } from '@plinth/core';
import { createLogger } from './server';

const capture = (options: Parameters<typeof createLogger>[0] = {}) => {
  const lines: string[] = [];
  const logger = createLogger({ write: (line) => lines.push(line), ...options });
  return { lines, logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
};

describe('the server logger (@plinth/logging/server)', () => {
  it('prints one JSON line per log at or above the level, with date, status, message, context and service', () => {
    const { lines, logger, records } = capture({
      level: 'info',
      service: 'shop-api',
      env: 'test',
      context: { region: 'eu' },
    });
    logger.debug('hidden');
    logger.info('order placed', { orderId: 7 });
    logger.child({ requestId: 'r1' }).warn('slow', { ms: 900 });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    const [first, second] = records();
    expect(first).toEqual({
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'info',
      message: 'order placed',
      region: 'eu',
      orderId: 7,
      service: 'shop-api',
      env: 'test',
    });
    expect(Object.keys(first!).slice(0, 3)).toEqual(['date', 'status', 'message']);
    expect(second).toMatchObject({ status: 'warn', message: 'slow', requestId: 'r1', ms: 900 });
  });

  it('scrubs message, context and error with core’s scrubber', () => {
    const { records, logger } = capture();
    const error = new Error('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl for ana@example.com');
    logger.error(
      'callback failed at /callback?code=abc&state=xyz&step=2 for ana@example.com',
      { url: 'https://shop.example/cb?code=abc&state=xyz', user: { email: 'ana@example.com', password: 'pw' } },
      error,
    );
    const [record] = records();
    expect(record!.message).toBe(`callback failed at /callback?step=2 for ${REDACTED}`);
    expect(record!.url).toBe('https://shop.example/cb');
    expect(record!.user).toEqual({ email: REDACTED, password: REDACTED });
    expect(record!.error).toMatchObject({ kind: 'Error', message: `token ${REDACTED} for ${REDACTED}` });
    expect(JSON.stringify(record)).not.toMatch(/abc|xyz|ana@|eyJ/);
  });

  it("prints Datadog's nine statuses (critical for monitors) and follows setLevel, children inheriting", () => {
    const { records, logger } = capture({ level: 'info' });
    const child = logger.child({ requestId: 'r1' });
    logger.ok('not yet');
    logger.setLevel('ok');
    child.ok('health');
    logger.setLevel('critical');
    child.error('dropped');
    child.critical('db down');
    logger.alert('paging');
    logger.emerg('all down');
    expect(records().map((r) => [r.status, r.message])).toEqual([
      ['ok', 'health'],
      ['critical', 'db down'],
      ['alert', 'paging'],
      ['emerg', 'all down'],
    ]);
    expect(logger.sessionId()).toBeUndefined();
  });

  it("keeps the error's cause chain as Datadog's error.causes (at most 10, scrubbed) and its dd_fingerprint", () => {
    const { records, logger } = capture();
    const root = new TypeError('socket closed for ana@example.com');
    const middle = new Error('query failed', { cause: root });
    const top = Object.assign(new Error('checkout failed', { cause: middle }), { dd_fingerprint: 'checkout-db' });
    logger.error('checkout failed', {}, top);
    logger.error('with a plain cause', {}, new Error('timed out', { cause: { code: 'ETIMEDOUT' } }));
    let deep: Error = new Error('cause 12');
    for (let i = 11; i >= 0; i -= 1) deep = new Error(`cause ${i}`, { cause: deep });
    logger.error('deep', {}, deep);
    const cyclic = new Error('cycle');
    (cyclic as { cause?: unknown }).cause = cyclic;
    logger.error('cyclic', {}, cyclic);
    const [first, plain, deepRecord, cyclicRecord] = records();
    expect(first!.error).toEqual({
      kind: 'Error',
      message: 'checkout failed',
      stack: expect.stringContaining('checkout failed'),
      fingerprint: 'checkout-db',
      causes: [
        { message: 'query failed', source: 'logger', type: 'Error', stack: expect.stringContaining('query failed') },
        {
          message: `socket closed for ${REDACTED}`,
          source: 'logger',
          type: 'TypeError',
          stack: expect.stringContaining('TypeError'),
        },
      ],
    });
    expect((plain!.error as { causes: unknown }).causes).toEqual([
      { message: '{"code":"ETIMEDOUT"}', source: 'logger' },
    ]);
    const deepCauses = (deepRecord!.error as { causes: { message: string }[] }).causes;
    expect(deepCauses.map((c) => c.message)).toEqual(Array.from({ length: 10 }, (_, i) => `cause ${i + 1}`));
    expect((cyclicRecord!.error as { causes: unknown[] }).causes).toHaveLength(10);
    expect(JSON.stringify(records())).not.toContain('ana@example.com');
  });

  it('keeps date, status and message from being overridden by context keys', () => {
    const { records, logger } = capture();
    logger.info('real', { message: 'fake', status: 'error', date: 'never' });
    expect(records()[0]).toMatchObject({ message: 'real', status: 'info' });
    expect(records()[0]!.date).not.toBe('never');
  });

  it('survives values JSON cannot hold and a throwing stream', () => {
    const { records, logger } = capture();
    logger.info('big', { n: 10n });
    expect(records()[0]).toMatchObject({ message: 'big', unserializable: true });
    const broken = createLogger({
      write: () => {
        throw new Error('EPIPE');
      },
    });
    expect(() => broken.error('still fine')).not.toThrow();
  });

  it('prints nothing when silent, and writes to stdout by default without touching window', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    createLogger({ silent: true }).error('quiet');
    expect(write).not.toHaveBeenCalled();
    createLogger().info('loud');
    expect(write).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(write.mock.calls[0]![0]))).toMatchObject({ message: 'loud' });
    expect(String(write.mock.calls[0]![0]).endsWith('\n')).toBe(true);
    expect(typeof window).toBe('undefined');
  });
});
