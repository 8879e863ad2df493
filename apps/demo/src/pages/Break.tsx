import { ErrorBoundary, useConsent } from '@plinth/core';
import { useLogger } from '@plinth/logging';
import { useState } from 'react';
import { useTitle } from './useTitle';

/** Datadog's browser SDK flushes its batch this often (README of @plinth/logging, "flush interval"). */
const BATCH_MS = 30_000;
const clock = (date: Date) => date.toLocaleTimeString('en-GB');

function Exploding(): never {
  throw new Error('Demo: a component failed to render');
}

/**
 * Errors on purpose. A render error is caught by core's `ErrorBoundary`, which emits `exception` on
 * the session channel (logged by @plinth/logging, captured by @plinth/analytics); a rejected promise
 * nobody handles is caught by the logging SDK. Both reach the sandbox only with `monitoring` consent.
 */
export function Break() {
  useTitle('Break something');
  const log = useLogger().child({ component: 'Break' });
  const [exploding, setExploding] = useState(false);
  const [rejected, setRejected] = useState(0);
  const [last, setLast] = useState<Date>();
  const monitoring = useConsent().status('monitoring');
  const clicked = () => setLast(new Date());
  return (
    <article>
      <h1>Break something</h1>
      <p>
        Each of the three buttons below sends a Datadog log (an error, an unhandled rejection, a warning) with
        monitoring consent, and nothing without it.
      </p>
      <p className="note">
        <strong>When it shows in the inspector:</strong> Datadog's SDK sends logs in batches, every 30 seconds (sooner
        once 50 are waiting), so a log appears up to 30 s after the click.
      </p>
      <ErrorBoundary
        context={{ feature: 'break-something' }}
        fallback={({ reset }) => (
          <p role="alert">
            The widget failed to render; the error was reported.{' '}
            <button
              type="button"
              onClick={() => {
                setExploding(false);
                reset();
              }}
            >
              Reset the widget
            </button>
          </p>
        )}
      >
        {exploding && <Exploding />}
        <button
          type="button"
          onClick={() => {
            clicked();
            setExploding(true);
          }}
        >
          Throw inside an error boundary
        </button>
      </ErrorBoundary>{' '}
      <button
        type="button"
        onClick={() => {
          clicked();
          setRejected((n) => n + 1);
          void Promise.reject(new Error('Demo: a promise nobody handled'));
        }}
      >
        Reject a promise ({rejected})
      </button>{' '}
      <button
        type="button"
        onClick={() => {
          clicked();
          log.warn('Demo: a warning from a component', { clicked: true });
        }}
      >
        Log a warning
      </button>
      {last && (
        <p role="status" className="sent">
          {monitoring === 'granted'
            ? `Logged at ${clock(last)}: in the inspector (datadog) by ${clock(new Date(last.getTime() + BATCH_MS))} at the latest.`
            : 'Not sent: monitoring consent is not granted (see Privacy).'}
        </p>
      )}
    </article>
  );
}
