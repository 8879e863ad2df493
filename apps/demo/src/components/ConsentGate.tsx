import { useConsent } from '@plinth/core';
import { lazy, Suspense } from 'react';
import { consentFromCmp } from '../consent';

const ConsentBanner = lazy(() => import('./ConsentBanner').then((m) => ({ default: m.ConsentBanner })));

/** The banner's element id: the target of Layout's skip link "Skip to your privacy choices". */
export const CONSENT_BANNER_ID = 'privacy-choices';

/**
 * Shows the consent banner while any category is pending. It is fixed-position: nothing shifts when it arrives.
 * Not when a CMP decides (`/?cmp=tcf`): its own dialog asks.
 */
export function ConsentGate() {
  const consent = useConsent();
  if (!consent.pending || consentFromCmp) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner consent={consent} />
    </Suspense>
  );
}
