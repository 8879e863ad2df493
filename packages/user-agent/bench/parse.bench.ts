// @vitest-environment node
// `pnpm bench`: parses per second over the real strings of test/corpus.ts. Each task's "hz" is
// parses per second (one parse per call).
import { bench, describe } from 'vitest';
import { userAgentFromHeaders } from '../src/headers';
import { parseUncached, parseUserAgent } from '../src/parseUserAgent';
import { CASES } from '../test/corpus';

const corpus = CASES.map((row) => row.ua);
let i = 0;
const next = () => corpus[i++ % corpus.length]!;
const HOSTILE = ['x'.repeat(100_000), 'Mozilla/5.0 '.repeat(10_000), '('.repeat(100_000)];
const HEADERS = corpus.map((ua) => ({
  'user-agent': ua,
  'sec-ch-ua-platform': '"Windows"',
  'sec-ch-ua-platform-version': '"15.0.0"',
  'sec-ch-ua-full-version-list':
    '"Chromium";v="124.0.6367.60", "Google Chrome";v="124.0.6367.60", "Not-A.Brand";v="99.0.0.0"',
}));

describe(`parseUserAgent over ${corpus.length} real strings`, () => {
  bench('cold: memo bypassed (parses/s)', () => {
    parseUncached(next());
  });
  bench('warm: memoised (parses/s)', () => {
    parseUserAgent(next());
  });
  bench('hostile 100 KB inputs, memo bypassed (parses/s)', () => {
    parseUncached(HOSTILE[i++ % HOSTILE.length]!);
  });
  bench('userAgentFromHeaders with client hints, warm (requests/s)', () => {
    userAgentFromHeaders(HEADERS[i++ % HEADERS.length]!);
  });
});
