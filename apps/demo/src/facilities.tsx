import { AnalyticsProvider, AnalyticsSurveys } from '@plinth/analytics';
import { AuthProvider } from '@plinth/auth';
import { FlagsProvider } from '@plinth/flags';
import { LoggerProvider } from '@plinth/logging';
import type { ReactNode } from 'react';
import { config } from './config';
import { flags } from './flags';

/**
 * The facilities' providers, composed under the `ConsentProvider` of `providers.tsx` (which loads this
 * module as a chunk of its own, see there), each configured from `config.ts`; pages use them through
 * their hooks only. Auth first: its `signedIn`/`signedOut` go out on core's session channel, which
 * analytics, flags and logging follow, whatever the mount order. Every vendor SDK is a further lazy
 * chunk, named after its vendor, downloaded only after its consent category is granted.
 */
export function Facilities({ children }: { children: ReactNode }) {
  return (
    <AuthProvider config={config.oidc}>
      <AnalyticsProvider
        config={{
          ...config.posthog,
          // Page views on every route (Plinth follows `history`), the tracked interactions' rage and
          // dead clicks, web vitals; behind the first-party proxy also the app's own API calls (network
          // capture, which must leave PostHog's requests on the same origin out). Headless browsers (the
          // journeys) are not filtered as bots. Session replay and surveys: on here, and each downloads its code
          // only when PostHog's remote config asks for it (a recorded session, a survey for this visitor): `pnpm
          // start` has the sandbox record sessions and serve one survey, the journeys' sandbox does neither
          // (scripts/dev.mjs, `--replay-surveys`). The survey is drawn below the page (`Survey`, Layout.tsx).
          capabilities: {
            rageClicks: true,
            deadClicks: true,
            webVitals: true,
            network: config.proxied,
            replay: true,
            surveys: true,
          },
          filterBots: false,
          // posthog-js serialises and compresses a batch in one task: during the 10,000-event burst a batch of
          // 1 s took 60–90 ms, half a second's stays nearer the 50 ms of a long task (`pnpm bench`).
          flushIntervalMs: 500,
        }}
      >
        <FlagsProvider config={{ flags, ...config.launchdarkly, streaming: true }}>
          <LoggerProvider config={{ ...config.datadog, service: 'plinth-demo', env: import.meta.env.MODE }}>
            {children}
          </LoggerProvider>
        </FlagsProvider>
      </AnalyticsProvider>
    </AuthProvider>
  );
}

/**
 * PostHog's survey for this visitor (`capabilities.surveys` above), drawn by Plinth in the demo's colours (`.survey`,
 * styles.css). Nothing until PostHog has a survey to show; the form is a chunk of its own, fetched only then.
 */
export function Survey() {
  return <AnalyticsSurveys className="survey" />;
}
