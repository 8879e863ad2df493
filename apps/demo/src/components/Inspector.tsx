import type { ReceivedRequest } from '@plinth/sandbox';
import { useEffect, useId, useState } from 'react';
import { gpcOn } from '../cmp/switch';
import { config } from '../config';

type Connection = 'connecting' | 'live' | 'offline';
/**
 * Entries kept in memory per vendor (newest first): a burst of 10,000 PostHog events keeps its newest
 * 100 and pushes no other vendor's entries out. The counts stay true: every entry received is counted.
 */
const PER_VENDOR = 100;
/** sessionStorage key: when this tab's visit started, so a reload keeps showing this tab's traffic. */
const SINCE_KEY = 'plinth.inspector.since';

/**
 * When this browser tab's visit started (epoch ms): the inspector shows only what arrived since, not
 * what earlier visits (or other browsers) left in the sandbox's recording.
 */
function visitStart(): number {
  const now = Math.floor(performance.timeOrigin);
  try {
    const stored = Number(sessionStorage.getItem(SINCE_KEY));
    if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
    sessionStorage.setItem(SINCE_KEY, String(now));
  } catch {
    // storage disabled: this page load is the visit
  }
  return now;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const pathOf = (url: unknown) => {
  try {
    const parsed = new URL(String(url));
    return parsed.pathname + parsed.search;
  } catch {
    return undefined;
  }
};

/**
 * One line saying what a vendor was told, from the recording as the sandbox decoded it: PostHog's
 * event and page, LaunchDarkly's event kind and flag (or the context it evaluated), Datadog's log
 * level and message, the OpenID provider's subject, what a revocation revoked (or why nothing) and what a
 * sign-out ended.
 */
function summary(e: ReceivedRequest): string | undefined {
  const body = (e.body ?? {}) as Record<string, unknown>;
  const props = (body.properties ?? {}) as Record<string, unknown>;
  switch (e.vendor) {
    case 'posthog':
      if (body.event === '$snapshot') {
        // A session recording's batch: how much of the page it carries, and whose session.
        const events = Array.isArray(props.$snapshot_data) ? props.$snapshot_data.length : 0;
        return [`${events} recorded change${events === 1 ? '' : 's'}`, text(props.$session_id), text(props.distinct_id)]
          .filter(Boolean)
          .join(' · ');
      }
      return [text(body.event), pathOf(props.$current_url), text(props.$feature_flag), text(props.distinct_id)]
        .filter(Boolean)
        .join(' · ');
    case 'launchdarkly': {
      const context = (body.context ?? {}) as Record<string, unknown>;
      return [
        text(body.kind),
        text(body.key),
        body.value !== undefined ? JSON.stringify(body.value) : undefined,
        text(context.key),
      ]
        .filter(Boolean)
        .join(' · ');
    }
    case 'datadog': {
      const usr = (body.usr ?? {}) as Record<string, unknown>;
      return [text(body.status), text(body.message), usr.id ? `user ${text(usr.id)}` : undefined]
        .filter(Boolean)
        .join(' · ');
    }
    case 'oidc': {
      const meta = (e.meta ?? {}) as Record<string, unknown>;
      if (e.route === 'revocation') {
        // The sandbox says what a revocation did (RFC 7009 answers 200 either way), or why it did nothing.
        if (meta.revoked)
          return `revoked: ${String(meta.revoked)}${meta.grant === 'revoked' ? ' and every token of its grant' : ''}`;
        return `revoked: nothing — ${[meta.token, meta.reason ?? 'unknown token'].filter(Boolean).join(' ')}`;
      }
      if (e.route === 'end_session_confirm' && meta.logout)
        return meta.logout === 'everywhere'
          ? 'signed out of the provider'
          : "provider session kept; this app's grant ended";
      return meta.sub ? `subject ${String(meta.sub)}` : undefined;
    }
    default:
      return undefined;
  }
}

interface Received {
  /** Kept entries, newest first, at most PER_VENDOR of each vendor. */
  entries: ReceivedRequest[];
  /** Everything received, by vendor (kept or not), in the order vendors first appeared. */
  counts: Map<string, number>;
}
const EMPTY: Received = { entries: [], counts: new Map() };

/** Adds `fresh` (oldest first) to the state: all of it counted, the newest PER_VENDOR of each vendor kept. */
function receive({ entries, counts }: Received, fresh: ReceivedRequest[]): Received {
  const nextCounts = new Map(counts);
  for (const e of fresh) nextCounts.set(e.vendor, (nextCounts.get(e.vendor) ?? 0) + 1);
  const kept = new Map<string, number>();
  const next = [...fresh]
    .reverse()
    .concat(entries)
    .filter((e) => {
      const n = (kept.get(e.vendor) ?? 0) + 1;
      kept.set(e.vendor, n);
      return n <= PER_VENDOR;
    });
  return { entries: next, counts: nextCounts };
}

export interface InspectorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Counts as people read them: "10,004", not "10004". */
const count = (n: number) => n.toLocaleString('en');
/** An empty list says why: still connecting, no sandbox, or nothing sent yet. */
const NOTHING_YET: Record<Connection, string> = {
  connecting: 'Connecting to the sandbox…',
  offline: 'The sandbox is not running, so nothing is recorded here. The page works as before.',
  live: 'Nothing received yet. Accept all, navigate and sign in.',
};

/** What the sandbox received, live over its event stream, newest first; this visit's traffic by default. */
export function Inspector({ open, onOpenChange }: InspectorProps) {
  const [since] = useState(visitStart);
  const [everything, setEverything] = useState(false);
  const [{ entries, counts }, setReceived] = useState(EMPTY);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [vendor, setVendor] = useState('all');
  const panelId = useId();

  useEffect(() => {
    // The sandbox filters by time (`after`); the same filter runs here too, for sandboxes without it.
    const url = new URL(`${config.sandboxUrl}/_sandbox/stream`);
    url.searchParams.set('backlog', '1');
    if (!everything) url.searchParams.set('after', String(since));
    const source = new EventSource(url);
    // Ids already counted: a reconnect replays the backlog, which must not count twice.
    const seen = new Set<ReceivedRequest['id']>();
    let batch: ReceivedRequest[] = [];
    let frame = 0;
    // A backlog arrives as a burst of messages: render once per frame, not once per message.
    const flush = () => {
      frame = 0;
      const arrived = batch;
      batch = [];
      const fresh = arrived.filter((e) => !seen.has(e.id) && (everything || Date.parse(e.time) >= since));
      for (const e of fresh) seen.add(e.id);
      if (fresh.length) setReceived((state) => receive(state, fresh));
    };
    source.onopen = () => setConnection('live');
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.onmessage = (message) => {
      try {
        batch.push(JSON.parse(message.data) as ReceivedRequest);
        frame ||= requestAnimationFrame(flush);
      } catch {
        // a malformed event is skipped
      }
    };
    return () => {
      source.close();
      cancelAnimationFrame(frame);
      setReceived(EMPTY);
    };
  }, [everything, since]);

  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  // Session replay: the newest batch of a recording (entries are newest first), for a line in the header.
  const recorded = entries.find((e) => e.vendor === 'posthog' && e.route === '$snapshot');
  const recordedSession = text(
    (recorded?.body as { properties?: Record<string, unknown> } | undefined)?.properties?.$session_id,
  );
  const vendors = ['all', ...counts.keys()];
  const shown = vendor === 'all' ? entries : entries.filter((e) => e.vendor === vendor);
  // Entries counted but no longer kept, for the vendors on show.
  const notKept = (vendor === 'all' ? total : (counts.get(vendor) ?? 0)) - shown.length;
  const clear = () => {
    fetch(`${config.sandboxUrl}/_sandbox/received`, { method: 'DELETE' }).catch(() => {});
    setReceived(EMPTY);
  };

  return (
    <aside className="inspector" aria-label="Sandbox inspector">
      <header>
        <button
          type="button"
          className="toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onOpenChange(!open)}
        >
          {open ? 'Hide inspector' : 'Inspector'}
        </button>
        <span className={`dot ${connection}`} role="status" aria-label={`sandbox ${connection}`}>
          {connection}
        </span>
        <span className="count">
          {count(total)} received{everything ? ' (all visits)' : ''}
        </span>
      </header>
      <div className="body" id={panelId} hidden={!open}>
        {recorded && (
          <p className="recording" role="status" style={{ margin: 0, padding: 'var(--space-2) var(--space-3) 0' }}>
            Session replay: recording {recordedSession ? `session …${recordedSession.slice(-6)}` : ''}, last batch at{' '}
            <time>{recorded.time.slice(11, 19)}</time>
          </p>
        )}
        <div className="tools">
          <select aria-label="Vendor" value={vendor} onChange={(e) => setVendor(e.target.value)}>
            {vendors.map((v) => (
              <option key={v} value={v}>
                {v === 'all' ? `all (${count(total)})` : `${v} (${count(counts.get(v) ?? 0)})`}
              </option>
            ))}
          </select>
          <label>
            <input type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} /> Earlier
            visits too
          </label>
          <button type="button" onClick={clear}>
            Clear
          </button>
          <label>
            <input
              type="checkbox"
              checked={gpcOn}
              // The store reads the signal once, when the page starts (as the browser's own): the tab reloads with it.
              onChange={(e) => location.assign(`${location.pathname}?gpc=${e.target.checked ? 'on' : 'off'}`)}
            />{' '}
            Global Privacy Control (reloads this tab)
          </label>
        </div>
        {/* Scrollable regions are focusable, so the list and a long body scroll from the keyboard too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1) */}
        <ol className="entries" tabIndex={0} aria-label="Received requests">
          {shown.length === 0 && <li className="empty">{NOTHING_YET[connection]}</li>}
          {shown.map((e) => (
            <li key={e.id} data-vendor={e.vendor}>
              <div className="line">
                <time>{e.time.slice(11, 19)}</time> <strong>{e.vendor}</strong> {e.route && <em>{e.route}</em>}{' '}
                <code>
                  {e.method} {e.path}
                </code>{' '}
                <span className={e.status >= 400 ? 'bad' : 'ok'}>{e.status}</span>
                {e.malformed && <span className="bad"> malformed: {e.malformed}</span>}
              </div>
              {summary(e) && <div className="summary">{summary(e)}</div>}
              {e.body !== undefined && (
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrolls when the body is long (WCAG 2.1.1)
                <pre tabIndex={0}>{JSON.stringify(e.body, null, 1).slice(0, 600)}</pre>
              )}
            </li>
          ))}
          {notKept > 0 && (
            <li className="empty">
              {count(notKept)} older {notKept === 1 ? 'entry' : 'entries'} not shown: the newest {PER_VENDOR} of each
              vendor are kept.
            </li>
          )}
        </ol>
      </div>
    </aside>
  );
}
