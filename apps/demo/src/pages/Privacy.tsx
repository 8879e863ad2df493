import { useConsent } from '@plinth/core';
import { type DemoCmp, tabCmp } from '../cmp/start';
import { useTitle } from './useTitle';

export interface PrivacyProps {
  /**
   * The consent platform that keeps the visitor's choices, when one does: the page then shows what the store holds
   * from it and sends the visitor to its own dialog, instead of writing decisions the CMP would overwrite.
   */
  cmp?: DemoCmp | undefined;
}

/** The visitor's consent per category; in a tab where a CMP is in charge (`/?cmp=tcf`, `/?cmp=gpp`), as it decided. */

export function Privacy({ cmp = tabCmp }: PrivacyProps) {
  useTitle('Privacy');
  const consent = useConsent();
  return (
    <article>
      <h1>Privacy choices</h1>
      {cmp && (
        <p>
          Your choices are kept by {cmp.name}, this site's consent platform: this page shows what it decided. To change
          them, open its settings.
        </p>
      )}
      <dl className="choices">
        {consent.store.categories.map((category) => (
          <div key={category}>
            <dt>{category}</dt>
            <dd data-testid={`consent-${category}`}>{consent.status(category)}</dd>
            {!cmp && (
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
            )}
          </div>
        ))}
      </dl>
      {cmp ? (
        <button type="button" onClick={() => cmp.show()}>
          Change them in {cmp.name}
        </button>
      ) : (
        <button type="button" onClick={() => consent.reset()}>
          Ask me again
        </button>
      )}
    </article>
  );
}
