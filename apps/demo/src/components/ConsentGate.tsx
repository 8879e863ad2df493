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
/** Whether Plinth's banner is up: a category is pending and no CMP decides. Its skip link and layout follow it too. */
const bannerShown = ({ pending }: { pending: boolean }) => pending && !consentFromCmp;
export const useBannerShown = (): boolean => bannerShown(useConsent());

export function ConsentGate() {
  const consent = useConsent();
  if (!bannerShown(consent)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner consent={consent} />
    </Suspense>
  );
}
