import { gzipSync } from 'node:zlib';
import { afterAll, bench, describe } from 'vitest';
import { decodeBody } from '../src/http/decode';
import { Recorder } from '../src/recorder';
import { type Sandbox, startSandbox } from '../src/startSandbox';

const events = Array.from({ length: 50 }, (_, i) => ({
  event: '$pageview',
  properties: { $current_url: `http://127.0.0.1:5173/page/${i}`, distinct_id: 'anon-1', i },
}));
const gzipped = gzipSync(JSON.stringify({ api_key: 'phc_bench', batch: events }));
const beacon = Buffer.from(`data=${encodeURIComponent(Buffer.from(JSON.stringify(events)).toString('base64'))}`);
const ndjson = Buffer.from(events.map((event) => JSON.stringify(event)).join('\n'));
const beaconQuery = new URLSearchParams('compression=base64');

describe('decode a 50-event batch', () => {
  bench('gzip (sniffed) + JSON', () => {
    decodeBody(gzipped, { contentType: 'text/plain' });
  });
  bench('form + base64 + JSON (beacon)', () => {
    decodeBody(beacon, { contentType: 'application/x-www-form-urlencoded', query: beaconQuery });
  });
  bench('NDJSON', () => {
    decodeBody(ndjson, { contentType: 'text/plain' });
  });
});

describe('recorder', () => {
  const recorder = new Recorder(5000);
  const entry = {
    time: '',
    vendor: 'x',
    method: 'POST',
    path: '/e/',
    query: {},
    headers: {},
    body: events[0],
    status: 200,
  };
  bench('add at capacity (5,000 kept)', () => {
    recorder.add(entry);
  });
  bench('list({ vendor, since }) over 5,000', () => {
    recorder.list({ vendor: 'x', since: recorder.lastId - 100 });
  });
});

describe('HTTP round trip', () => {
  // Bench hooks run around each task's warm-up and run phases: start the sandbox lazily, once.
  let sandbox: Promise<Sandbox> | undefined;
  const get = () => {
    sandbox ??= startSandbox({ port: 0, quiet: true });
    return sandbox;
  };
  bench(
    'POST gzip batch → decoded + recorded',
    async () => {
      const { url } = await get();
      await (
        await fetch(`${url}/e/`, { method: 'POST', body: gzipped, headers: { 'content-type': 'text/plain' } })
      ).text();
    },
    { time: 1000 },
  );
  afterAll(async () => {
    await (await sandbox)?.close();
  });
});
