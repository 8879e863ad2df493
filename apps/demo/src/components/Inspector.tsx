import type { ReceivedRequest } from '@plinth/sandbox';
import { useEffect, useState } from 'react';
import { config } from '../config';

type Received = ReceivedRequest;

type Connection = 'connecting' | 'live' | 'offline';
const MAX = 200;

/** What the sandbox received, live over its event stream, newest first. */
export function Inspector() {
  const [entries, setEntries] = useState<Received[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [vendor, setVendor] = useState('all');
  const [open, setOpen] = useState(true);

  useEffect(() => {
    const source = new EventSource(`${config.sandboxUrl}/_sandbox/stream?backlog=1`);
    source.onopen = () => setConnection('live');
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.onmessage = (message) => {
      try {
        const entry = JSON.parse(message.data) as Received;
        setEntries((list) => (list.some((e) => e.id === entry.id) ? list : [entry, ...list].slice(0, MAX)));
      } catch {
        // a malformed event is skipped
      }
    };
    return () => source.close();
  }, []);

  const vendors = ['all', ...new Set(entries.map((e) => e.vendor))];
  const shown = vendor === 'all' ? entries : entries.filter((e) => e.vendor === vendor);
  const clear = () => {
    fetch(`${config.sandboxUrl}/_sandbox/received`, { method: 'DELETE' }).catch(() => {});
    setEntries([]);
  };

  return (
    <aside className="inspector" aria-label="Sandbox inspector">
      <header>
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          Inspector
        </button>
        <span className={`dot ${connection}`} role="status" aria-label={`sandbox ${connection}`}>
          {connection === 'live' ? 'live' : connection}
        </span>
        <span className="count">{entries.length} received</span>
        {open && (
          <>
            <select aria-label="Vendor" value={vendor} onChange={(e) => setVendor(e.target.value)}>
              {vendors.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
            <button type="button" onClick={clear}>
              Clear
            </button>
          </>
        )}
      </header>
      {open && (
        <ol className="entries">
          {shown.length === 0 && <li className="empty">Nothing received yet. Accept analytics and navigate.</li>}
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
              {e.body !== undefined && <pre>{JSON.stringify(e.body, null, 1).slice(0, 600)}</pre>}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
