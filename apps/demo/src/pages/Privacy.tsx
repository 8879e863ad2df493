import { useConsent } from '@plinth/core';
import { useTitle } from './useTitle';

export function Privacy() {
  useTitle('Privacy');
  const consent = useConsent();
  return (
    <article>
      <h1>Privacy choices</h1>
      <dl className="choices">
        {consent.store.categories.map((category) => (
          <div key={category}>
            <dt>{category}</dt>
            <dd data-testid={`consent-${category}`}>{consent.status(category)}</dd>
            <dd>
              <button
                type="button"
                aria-pressed={consent.status(category) === 'granted'}
                onClick={() => consent.grant(category)}
              >
                Allow
              </button>{' '}
              <button
                type="button"
                aria-pressed={consent.status(category) === 'denied'}
                onClick={() => consent.deny(category)}
              >
                Deny
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => consent.reset()}>
        Ask me again
      </button>
    </article>
  );
}
