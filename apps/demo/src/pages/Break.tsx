import { ErrorBoundary } from '@plinth/core';
import { useLogger } from '@plinth/logging';
import { useState } from 'react';
import { useTitle } from './useTitle';

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
  return (
    <article>
      <h1>Break something</h1>
      <p>Both controls end in the inspector (Datadog logs) with monitoring consent, and nowhere without it.</p>
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
        <button type="button" onClick={() => setExploding(true)}>
          Throw inside an error boundary
        </button>
      </ErrorBoundary>{' '}
      <button
        type="button"
        onClick={() => {
          setRejected((n) => n + 1);
          void Promise.reject(new Error('Demo: a promise nobody handled'));
        }}
      >
        Reject a promise ({rejected})
      </button>{' '}
      <button type="button" onClick={() => log.warn('Demo: a warning from a component', { clicked: true })}>
        Log a warning
      </button>
    </article>
  );
}
