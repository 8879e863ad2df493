// The pure parts of `pnpm bench` (scripts/bench.mjs), tested in scripts/bench-lib.test.ts: source-map
// attribution of bundle bytes to npm packages, the Chromium trace metrics, medians and the table.
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

/**
 * Splits generated code into the pieces each source produced, following a v3 source map (decoded by
 * `@jridgewell/sourcemap-codec`, the decoder Vite and Rollup use): a segment's source owns the generated
 * text from its column to the next segment's (or the line's end). Returns `Map<source | null, string>`
 * (the concatenated pieces; `null` for unmapped text).
 */
export function codeBySource(code, map) {
  const pieces = new Map();
  const add = (source, text) => {
    if (!text) return;
    const list = pieces.get(source);
    if (list) list.push(text);
    else pieces.set(source, [text]);
  };
  const mappings = decode(map.mappings);
  for (const [lineNo, line] of code.split('\n').entries()) {
    // A segment of one field maps its text to nothing; the others name their source by index.
    const segments = (mappings[lineNo] ?? []).map(([column, source]) => [
      column,
      source === undefined ? null : (map.sources[source] ?? null),
    ]);
    if (!segments.length) {
      add(null, `${line}\n`);
      continue;
    }
    add(null, line.slice(0, segments[0][0]));
    for (const [i, [start, source]] of segments.entries()) {
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      add(source, line.slice(start, end));
    }
    add(null, '\n');
  }
  return new Map([...pieces].map(([source, list]) => [source, list.join('')]));
}

/** gzip -9 size of a string or buffer. */
export const gzipSize = (data) => gzipSync(data, { level: 9 }).length;

/** The median of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Trace events that run JavaScript on the main thread (Chrome DevTools' "Scripting" category). */
const SCRIPTING = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'v8.run',
  'V8.Execute',
]);
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_TASK_MS = 50;

/** Total length of the union of [start, end) intervals (nested and overlapping events count once). */
function unionLength(intervals) {
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/**
 * Start-up metrics from a Chromium trace (`{ traceEvents }` or an array), on the renderer main thread
 * that painted the page's first contentful paint, measured from that thread's last main-frame
 * `navigationStart` before it (all in ms):
 * - `fcp`: first contentful paint;
 * - `scripting`: time in JavaScript (the union of the scripting events) before FCP;
 * - `tbt`: total blocking time before FCP: the sum over top-level main-thread tasks of their part
 *   beyond 50 ms (a task crossing FCP counts up to FCP);
 * - `longestTask`: the longest top-level main-thread task in the whole trace.
 */
export function traceMetrics(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const fcpEvent = events
    .filter((e) => e.name === 'firstContentfulPaint')
    .sort((a, b) => a.ts - b.ts)
    .find((e) => e.args?.data?.isOutermostMainFrame ?? e.args?.frame ?? true);
  if (!fcpEvent) throw new Error('no firstContentfulPaint in the trace');
  const { pid } = fcpEvent;
  const mainTid = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  )?.tid;
  if (mainTid === undefined) throw new Error('no CrRendererMain thread in the trace');
  const onMain = (e) => e.pid === pid && e.tid === mainTid && e.ph === 'X' && typeof e.dur === 'number';
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === pid &&
      e.ts <= fcpEvent.ts &&
      (e.args?.data?.isLoadingMainFrame ?? true) &&
      (e.args?.data?.documentLoaderURL ?? 'http').startsWith('http'),
  );
  const navStart = starts.length ? Math.max(...starts.map((e) => e.ts)) : Math.min(...events.map((e) => e.ts));
  const fcp = fcpEvent.ts;
  const clip = (e) => [Math.max(e.ts, navStart), Math.min(e.ts + e.dur, fcp)];
  const scripting = unionLength(
    events.filter((e) => onMain(e) && SCRIPTING.has(e.name) && e.ts < fcp && e.ts + e.dur > navStart).map(clip),
  );
  // Top-level tasks only: a task nested in another (a nested run loop, the two names of one task) is
  // part of its parent's time.
  const tasks = [];
  let topEnd = Number.NEGATIVE_INFINITY;
  for (const task of events
    .filter((e) => onMain(e) && TASKS.has(e.name) && e.ts + e.dur > navStart)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (task.ts + task.dur <= topEnd) continue;
    tasks.push(task);
    topEnd = task.ts + task.dur;
  }
  let tbt = 0;
  for (const task of tasks) {
    if (task.ts >= fcp) continue;
    const [s, e] = clip(task);
    tbt += Math.max(0, (e - s) / 1000 - LONG_TASK_MS);
  }
  const longestTask = Math.max(0, ...tasks.map((t) => t.dur)) / 1000;
  return { fcp: (fcp - navStart) / 1000, scripting: scripting / 1000, tbt, longestTask };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '∞');

/** Formats a value of a row's unit; `undefined` and NaN print as "—". */
export function format(unit, value) {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  if (typeof value === 'string') return value;
  if (unit === 'bytes') return kb(value);
  if (unit === 'ms') return ms(value);
  if (unit === 'ratio') return times(value);
  if (unit === 'per-second') return `${Math.round(value).toLocaleString('en-US')}/s`;
  return String(value);
}

/**
 * The markdown table. A row: `{ figure, unit, plinth, naive, baseline, ratio, goal, met }` (`met`:
 * true, false or undefined for a figure without a goal).
 */
export function markdownTable(rows) {
  const head = ['figure', 'Plinth', 'naive', 'baseline', 'ratio', 'goal', 'met?'];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map((_, i) => (i ? '---:' : '---')).join(' | ')} |`];
  for (const row of rows) {
    const met = row.met === undefined ? '' : row.met ? '✅ yes' : '❌ no';
    lines.push(
      `| ${[
        row.figure,
        format(row.unit, row.plinth),
        format(row.unit, row.naive),
        format(row.unit, row.baseline),
        format('ratio', row.ratio),
        row.goal ?? '',
        met,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Replaces what lies between `<!-- bench:start -->` and `<!-- bench:end -->`, or appends the section. */
export function replaceSection(text, content, heading = '## Benchmark') {
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from !== -1 && to > from) return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
  return `${text.replace(/\n*$/, '\n')}\n${heading}\n\n${start}\n${content}\n${end}\n`;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The headline figures printed by the package benches (turbo's output of `bench` in @plinth/rich-text,
 * @plinth/svg and @plinth/user-agent; turbo's line prefixes are fine): the rich-text CPU-time ratio, the svg
 * rows (requests per run, median ms) for Plinth and raw react-inlinesvg, and user-agent parses per second.
 * A figure not found is undefined.
 */
export function parsePackageBenches(output) {
  // The package bench prints its ratio and its goal: the goal is written once, there.
  const [, ratio, goal] =
    /ratio RichText \/ PortableText \(CPU time\): ([\d.]+)× \(goal ≤ ([\d.]+)×\)/.exec(output) ?? [];
  const svg = (name) => {
    const row = new RegExp(`\\| ${escapeRegExp(name)}\\s*\\| ([\\d, ]+?)\\s*\\| (\\d+) ms`).exec(output);
    return row ? { requests: row[1].split(',').map(Number), ms: Number(row[2]) } : undefined;
  };
  const hz = (name) => {
    const line = output.split('\n').find((l) => l.includes(name));
    const value = line && /([\d,]+(?:\.\d+)?)/.exec(line.slice(line.indexOf(name) + name.length))?.[1];
    return value ? Number(value.replaceAll(',', '')) : undefined;
  };
  return {
    richText: ratio ? Number(ratio) : undefined,
    richTextGoal: goal ? Number(goal) : undefined,
    svg: { plinth: svg('@plinth/svg InlineSvg'), raw: svg('react-inlinesvg 4.6.0 (raw)') },
    userAgent: { cold: hz('cold: memo bypassed (parses/s)'), warm: hz('warm: memoised (parses/s)') },
  };
}
