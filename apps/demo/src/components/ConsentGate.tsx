import { useConsent } from '@plinth/core';
import { lazy, Suspense } from 'react';

const ConsentBanner = lazy(() => import('./ConsentBanner').then((m) => ({ default: m.ConsentBanner })));

/** The banner's element id: the target of Layout's skip link "Skip to your privacy choices". */
export const CONSENT_BANNER_ID = 'privacy-choices';

/** Shows the consent banner while any category is pending. It is fixed-position: nothing shifts when it arrives. */
export function ConsentGate() {
  const consent = useConsent();
  if (!consent.pending) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner consent={consent} />
    </Suspense>
  );
}
