import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  codeBySource,
  format,
  gzipSize,
  markdownTable,
  median,
  parsePackageBenches,
  replaceSection,
  traceMetrics,
} from './bench-lib.mjs';

describe('codeBySource', () => {
  // Line 0: "abc" from vendor (col 0), "DEF" from app (col 3); line 1: "xy" from vendor, then "z" unmapped.
  const code = 'abcDEF\nxyz';
  const vendor = '../node_modules/.pnpm/v@1/node_modules/v/index.js';
  const app = '../src/app.ts';
  const map = {
    version: 3,
    sources: [vendor, app],
    names: [],
    mappings: 'AAAA,GCAA;ADAA,E',
  };
  it('gives each source the generated text its segments cover', () => {
    const pieces = codeBySource(code, map);
    expect(pieces.get(vendor)).toBe('abcxy');
    expect(pieces.get(app)).toBe('DEF');
    expect(pieces.get(null)).toBe('\nz\n');
  });
  it('accounts for every generated character exactly once', () => {
    const total = [...codeBySource(code, map).values()].join('').replaceAll('\n', '').length;
    expect(total).toBe(code.replaceAll('\n', '').length);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('gzipSize', () => {
  it('is the length of the gzip -9 stream', () => {
    const text = 'plinth '.repeat(100);
    expect(gzipSize(text)).toBe(gzipSync(text, { level: 9 }).length);
    expect(gzipSize(text)).toBeLessThan(text.length);
  });
});

describe('traceMetrics', () => {
  const pid = 7;
  const tid = 1;
  const ms = 1000; // trace timestamps are in microseconds
  const base = 1_000_000;
  const task = (start: number, dur: number, name = 'RunTask', thread = tid) => ({
    name,
    ph: 'X',
    pid,
    tid: thread,
    ts: base + start * ms,
    dur: dur * ms,
  });
  const trace = {
    traceEvents: [
      { name: 'thread_name', ph: 'M', pid, tid, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', pid, tid: 2, args: { name: 'Compositor' } },
      // An earlier navigation (about:blank) and the page's own.
      {
        name: 'navigationStart',
        ph: 'R',
        pid,
        tid,
        ts: base - 500 * ms,
        args: { data: { isLoadingMainFrame: true, documentLoaderURL: '' } },
      },
      {
        name: 'navigationStart',
        ph: 'R',
        pid,
        tid,
        ts: base,
        args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1/' } },
      },
      task(10, 120), // 70 ms blocking
      task(10, 120, 'ThreadControllerImpl::RunTask'), // the same task under its other name: counted once
      task(20, 30, 'RunTask'), // nested: part of its parent
      { ...task(12, 40, 'EvaluateScript') },
      { ...task(20, 30, 'FunctionCall') }, // nested in EvaluateScript's span partly: union 12–52
      task(200, 40), // short: no blocking
      task(280, 100), // crosses FCP at 300: 20 ms before it, no blocking
      { ...task(285, 30, 'EvaluateScript') }, // 285–300 before FCP: 15 ms
      task(400, 400), // after FCP: longest task, no TBT
      task(0, 900, 'RunTask', 2), // another thread: ignored
      { name: 'firstContentfulPaint', ph: 'R', pid, tid, ts: base + 300 * ms, args: { frame: 'F1' } },
    ],
  };
  it('measures from the main frame navigation to first contentful paint on the main thread', () => {
    const m = traceMetrics(trace);
    expect(m.fcp).toBe(300);
    expect(m.scripting).toBe(40 + 15);
    expect(m.tbt).toBe(70);
    expect(m.longestTask).toBe(400);
  });
  it('fails loudly on a trace without first contentful paint', () => {
    expect(() =>
      traceMetrics({ traceEvents: trace.traceEvents.filter((e) => e.name !== 'firstContentfulPaint') }),
    ).toThrow(/firstContentfulPaint/);
  });
});

describe('markdownTable', () => {
  it('formats units and marks goals met or missed', () => {
    const table = markdownTable([
      { figure: 'initial JS', unit: 'bytes', plinth: 5000, naive: 207600, baseline: 0, goal: '≤ 6 KB', met: true },
      { figure: 'tbt', unit: 'ms', plinth: 0, naive: 80.4, ratio: Number.POSITIVE_INFINITY, goal: '≥ 3×', met: false },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| figure | Plinth | naive | baseline | ratio | goal | met? |');
    expect(lines[2]).toBe('| initial JS | 5.0 KB | 207.6 KB | 0.0 KB | — | ≤ 6 KB | ✅ yes |');
    expect(lines[3]).toBe('| tbt | 0 ms | 80 ms | — | ∞ | ≥ 3× | ❌ no |');
  });
  it('prints parses per second with thousands separators', () => {
    expect(format('per-second', 1234567.8)).toBe('1,234,568/s');
  });
});

describe('replaceSection', () => {
  it('rewrites only what lies between the markers', () => {
    const text = 'intro\n<!-- bench:start -->\nold\n<!-- bench:end -->\noutro\n';
    expect(replaceSection(text, 'new')).toBe('intro\n<!-- bench:start -->\nnew\n<!-- bench:end -->\noutro\n');
  });
  it('appends the section with its markers when they are missing', () => {
    expect(replaceSection('intro\n', 'new')).toBe(
      'intro\n\n## Benchmark\n\n<!-- bench:start -->\nnew\n<!-- bench:end -->\n',
    );
  });
});

describe('parsePackageBenches', () => {
  const output = [
    '@plinth/rich-text:bench: wall-time ratio: 1.025×',
    '@plinth/rich-text:bench: ratio RichText / PortableText (CPU time): 1.042× (goal ≤ 1.05×) OK',
    '@plinth/svg:bench: | @plinth/svg InlineSvg                    | 20, 20, 20       | 3354 ms              |',
    '@plinth/svg:bench: | react-inlinesvg 4.6.0 (raw)              | 20, 21, 20       | 6314 ms              |',
    '@plinth/svg:bench: | @plinth/svg InlineSvg, StrictMode        | 20, 20, 20       | 5556 ms              |',
    '@plinth/user-agent:bench:    · cold: memo bypassed (parses/s)      13,457.80  0.0047  46.0590',
    '@plinth/user-agent:bench:    · warm: memoised (parses/s)          989,575.94  0.0001  80.1605',
  ].join('\n');
  it("reads each package bench's headline figures", () => {
    expect(parsePackageBenches(output)).toEqual({
      richText: 1.042,
      richTextGoal: 1.05,
      svg: { plinth: { requests: [20, 20, 20], ms: 3354 }, raw: { requests: [20, 21, 20], ms: 6314 } },
      userAgent: { cold: 13457.8, warm: 989575.94 },
    });
  });
  it('leaves a figure it cannot find undefined', () => {
    expect(parsePackageBenches('nothing here')).toEqual({
      richText: undefined,
      richTextGoal: undefined,
      svg: { plinth: undefined, raw: undefined },
      userAgent: { cold: undefined, warm: undefined },
    });
  });
});
