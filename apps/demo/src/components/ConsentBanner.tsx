import { useConsent } from '@plinth/core';
import { useId, useState } from 'react';

const CATEGORIES = [
  { id: 'analytics', label: 'Analytics', help: 'Page views and product events.' },
  { id: 'monitoring', label: 'Monitoring', help: 'Errors and logs, so we can fix what breaks.' },
] as const;

/** The consent banner: shown while any category is pending; nothing is tracked until a choice. */
export function ConsentBanner() {
  const consent = useConsent();
  const [choosing, setChoosing] = useState(false);
  const [picked, setPicked] = useState<Record<string, boolean>>({ analytics: false, monitoring: false });
  const titleId = useId();
  if (!consent.pending) return null;
  return (
    <section className="consent" role="dialog" aria-labelledby={titleId} aria-modal="false">
      <h2 id={titleId}>Your privacy choices</h2>
      <p>
        We would like to measure how the product is used and be told when it breaks. Nothing is sent until you choose.
      </p>
      {choosing && (
        <fieldset>
          <legend>Allow</legend>
          {CATEGORIES.map(({ id, label, help }) => (
            <label key={id}>
              <input
                type="checkbox"
                checked={picked[id]}
                onChange={(e) => setPicked((p) => ({ ...p, [id]: e.target.checked }))}
              />{' '}
              {label} <small>{help}</small>
            </label>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <button type="button" onClick={() => consent.grant()}>
          Accept all
        </button>
        <button type="button" onClick={() => consent.deny()}>
          Reject all
        </button>
        {choosing ? (
          <button
            type="button"
            onClick={() =>
              consent.set({
                analytics: picked.analytics ? 'granted' : 'denied',
                monitoring: picked.monitoring ? 'granted' : 'denied',
              })
            }
          >
            Save choices
          </button>
        ) : (
          <button type="button" onClick={() => setChoosing(true)}>
            Choose…
          </button>
        )}
      </div>
    </section>
  );
}
