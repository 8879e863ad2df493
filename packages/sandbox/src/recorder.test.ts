// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { filterFromQuery, type ReceivedRequest, Recorder } from './recorder';

function entry(vendor: string, path = '/x', method = 'POST'): Omit<ReceivedRequest, 'id'> {
  return {
    time: new Date(0).toISOString(),
    vendor,
    method,
    path,
    query: {},
    headers: {},
    body: undefined,
    status: 200,
  };
}

describe('Recorder', () => {
  it('assigns increasing ids and lists oldest first', () => {
    const recorder = new Recorder();
    recorder.add(entry('a'));
    recorder.add(entry('b'));
    expect(recorder.list().map((e) => [e.id, e.vendor])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('keeps only the last N entries and counts the dropped ones', () => {
    const recorder = new Recorder(3);
    for (let i = 0; i < 10; i++) recorder.add(entry('a', `/${i}`));
    expect(recorder.size).toBe(3);
    expect(recorder.dropped).toBe(7);
    expect(recorder.list().map((e) => e.path)).toEqual(['/7', '/8', '/9']);
    expect(recorder.list().map((e) => e.id)).toEqual([8, 9, 10]);
  });

  it("keeps the last N of each vendor: one vendor's flood never drops another vendor's entries", () => {
    const recorder = new Recorder(3);
    recorder.add(entry('oidc', '/oidc/token'));
    recorder.add(entry('datadog', '/logs/1'));
    for (let i = 0; i < 10; i++) recorder.add(entry('posthog', `/e/${i}`));
    recorder.add(entry('datadog', '/logs/2'));
    expect(recorder.list({ vendor: 'oidc' }).map((e) => e.path)).toEqual(['/oidc/token']);
    expect(recorder.list({ vendor: 'datadog' }).map((e) => e.path)).toEqual(['/logs/1', '/logs/2']);
    expect(recorder.list({ vendor: 'posthog' }).map((e) => e.path)).toEqual(['/e/7', '/e/8', '/e/9']);
    // Still one recording, oldest first across vendors; paging with since and limit works on it.
    expect(recorder.list().map((e) => e.id)).toEqual([1, 2, 10, 11, 12, 13]);
    expect(recorder.list({ since: 2 }).map((e) => e.id)).toEqual([10, 11, 12, 13]);
    expect(recorder.list({ since: 10, limit: 2 }).map((e) => e.id)).toEqual([12, 13]);
    expect(recorder.list({ vendor: ['oidc', 'posthog'], since: 1 }).map((e) => e.id)).toEqual([10, 11, 12]);
    expect(recorder.size).toBe(6);
    expect(recorder.dropped).toBe(7);
  });

  it('counts what each vendor sent, also what was dropped, until clear()', () => {
    const recorder = new Recorder(2);
    for (let i = 0; i < 5; i++) recorder.add(entry('posthog'));
    recorder.add(entry('oidc'));
    expect(recorder.counts()).toEqual({
      posthog: { received: 5, kept: 2, dropped: 3 },
      oidc: { received: 1, kept: 1, dropped: 0 },
    });
    recorder.clear();
    expect(recorder.counts()).toEqual({});
    recorder.add(entry('oidc'));
    expect(recorder.counts()).toEqual({ oidc: { received: 1, kept: 1, dropped: 0 } });
  });

  it('filters by vendor (one or several), since, route, method, path and limit', () => {
    const recorder = new Recorder();
    recorder.add(entry('oidc', '/oidc/token'));
    recorder.add({ ...entry('oidc', '/oidc/token/revocation'), route: 'revocation' });
    recorder.add(entry('posthog', '/e/', 'GET'));
    recorder.add(entry('datadog', '/logs'));
    expect(recorder.list({ vendor: 'oidc' }).map((e) => e.id)).toEqual([1, 2]);
    expect(recorder.list({ vendor: ['posthog', 'datadog'] }).map((e) => e.id)).toEqual([3, 4]);
    expect(recorder.list({ since: 2 }).map((e) => e.id)).toEqual([3, 4]);
    expect(recorder.list({ route: 'revocation' }).map((e) => e.id)).toEqual([2]);
    expect(recorder.list({ method: 'get' }).map((e) => e.id)).toEqual([3]);
    expect(recorder.list({ path: '/oidc/token' }).map((e) => e.id)).toEqual([1, 2]);
    expect(recorder.list({ limit: 2 }).map((e) => e.id)).toEqual([3, 4]);
    expect(recorder.list((e) => e.id % 2 === 0).map((e) => e.id)).toEqual([2, 4]);
  });

  it('keeps ids increasing across clear(), so since= paging never repeats', () => {
    const recorder = new Recorder();
    recorder.add(entry('a'));
    recorder.clear();
    expect(recorder.list()).toEqual([]);
    expect(recorder.add(entry('a')).id).toBe(2);
  });

  it('notifies subscribers until they unsubscribe; a throwing one does not stop the others', () => {
    const recorder = new Recorder();
    const bad = vi.fn(() => {
      throw new Error('boom');
    });
    const good = vi.fn();
    recorder.subscribe(bad);
    const off = recorder.subscribe(good);
    recorder.add(entry('a'));
    off();
    recorder.add(entry('a'));
    expect(bad).toHaveBeenCalledTimes(2);
    expect(good).toHaveBeenCalledTimes(1);
    expect(recorder.size).toBe(2);
  });

  it('rejects a non-positive capacity', () => {
    expect(() => new Recorder(0)).toThrow(RangeError);
  });
});

describe('filterFromQuery', () => {
  it('reads repeated and comma-separated vendors and numeric fields, ignoring junk', () => {
    expect(
      filterFromQuery(new URLSearchParams('vendor=oidc,posthog&vendor=datadog&since=12&limit=x&method=POST')),
    ).toEqual({
      vendor: ['oidc', 'posthog', 'datadog'],
      since: 12,
      method: 'POST',
    });
  });
});
