import { gzipSync } from 'node:zlib';
import { decodeSnapshot } from './posthog-replay';

/** What posthog-js sends for a compressed field: gzipped JSON as a latin1 string (fflate's `strFromU8(…, true)`). */
const packed = (value: unknown) => gzipSync(JSON.stringify(value)).toString('latin1');

describe('decodeSnapshot: a $snapshot batch as PostHog stores it', () => {
  it('decodes a compressed full snapshot and a compressed mutation; leaves other events as sent', () => {
    const node = { type: 0, childNodes: [{ type: 3, textContent: '****** *****' }] };
    const adds = [{ parentId: 1, node: { type: 3, textContent: 'Shown' } }];
    const event = {
      event: '$snapshot',
      properties: {
        $session_id: 's1',
        $snapshot_data: [
          { type: 4, data: { href: 'http://app/' }, timestamp: 1 },
          { type: 2, cv: '2024-10', data: packed({ node, initialOffset: { top: 0, left: 0 } }), timestamp: 2 },
          {
            type: 3,
            cv: '2024-10',
            data: { source: 0, texts: packed([]), attributes: packed([]), removes: packed([]), adds: packed(adds) },
            timestamp: 3,
          },
          { type: 3, data: { source: 1, positions: [] }, timestamp: 4 },
        ],
      },
    };
    expect(decodeSnapshot(event).properties.$snapshot_data).toEqual([
      { type: 4, data: { href: 'http://app/' }, timestamp: 1 },
      { type: 2, data: { node, initialOffset: { top: 0, left: 0 } }, timestamp: 2 },
      { type: 3, data: { source: 0, texts: [], attributes: [], removes: [], adds }, timestamp: 3 },
      { type: 3, data: { source: 1, positions: [] }, timestamp: 4 },
    ]);
  });

  it('passes an event without snapshot data through', () => {
    const event = { event: '$pageview', properties: { $current_url: 'http://app/' } };
    expect(decodeSnapshot(event)).toBe(event);
  });
});
