import type { VendorStatus } from '@plinth/core';
import { useConsent } from '@plinth/core';
import { Feature, useFlag, useFlagsStatus, useVariant } from '@plinth/flags';
import { Link } from 'react-router';
import { useTitle } from './useTitle';

const PACKAGES = [
  ['@plinth/core', 'Consent, scrubbing, the lazy vendor loader and the session channel — all wired here.'],
  ['@plinth/rich-text', 'Portable Text with safe links and heading anchors: see the Article.'],
  ['@plinth/lazy', 'Sections render as they approach the viewport: scroll the Article.'],
  ['@plinth/svg', 'Sanitised, de-duplicated inline SVG icons: in the Article.'],
  ['@plinth/user-agent', 'Browser, OS and device, refined by client hints: Your device.'],
  ['@plinth/analytics', 'PostHog page views, tracked interactions and identity: Tracked interactions.'],
  ['@plinth/flags', "LaunchDarkly flags, live: this page's banner, layout and call to action."],
  ['@plinth/logging', 'Datadog logs and error monitoring: Break something.'],
  ['@plinth/auth', 'Sign-in through an OpenID provider, protected pages: Account.'],
  ['@plinth/sandbox', 'Every vendor endpoint and a real OpenID provider on 127.0.0.1: the Inspector.'],
] as const;

/** The experiment's call to action, one per variant (`price-test`: control, a, b). */
const CALLS: Record<'control' | 'a' | 'b', string> = {
  control: 'Start your trial',
  a: 'Try Plinth free for 30 days',
  b: 'See plans and pricing',
};

/** An experiment: the variant shown is counted once per mount (an exposure, seen by analytics too). */
function CallToAction() {
  const variant = useVariant('price-test');
  return (
    <p className="cta" data-variant={variant}>
      <Link to="/interactions">{CALLS[variant]}</Link>
    </p>
  );
}

/** Where the flag values come from: what a blocked or slow flag service looks like to a user (nothing breaks). */
const FLAGS_STATUS: Record<VendorStatus, string> = {
  idle: 'Flags: loading (defaults meanwhile)',
  'waiting-consent': 'Flags: loading (defaults meanwhile)',
  loading: 'Flags: loading (defaults meanwhile)',
  ready: 'Flags: live from the flag service',
  timeout: 'Flags: the flag service is slow (defaults until it answers)',
  denied: 'Flags: the defaults (functional consent declined, so no flag request is made)',
  failed: 'Flags: the flag service is unreachable (defaults)',
  blocked: 'Flags: the flag service is unreachable (defaults)',
  rejected: 'Flags: the flag service refused this app (defaults)',
};

/** Before `functional` consent no flag request is made at all: say so, not that the service is slow. */
const FLAGS_WITHOUT_CONSENT = {
  pending: 'Flags: the defaults, until you make a privacy choice (no flag request made yet)',
  denied: 'Flags: the defaults (functional consent declined, so no flag request is made)',
} as const;

function FlagsStatus() {
  const status = useFlagsStatus();
  const functional = useConsent().status('functional');
  return (
    <p className="flags-status" data-flags-status={status} data-flags-consent={functional}>
      {functional === 'granted' ? FLAGS_STATUS[status] : FLAGS_WITHOUT_CONSENT[functional]}
    </p>
  );
}

export function Home() {
  useTitle('Home');
  const theme = useFlag('theme');
  return (
    <article className="home" data-theme={theme}>
      <Feature flag="home-banner">
        <aside className="flag-banner" data-testid="home-banner">
          New: this banner is the <code>home-banner</code> flag. Turn it off in the sandbox and it goes away, no reload.
        </aside>
      </Feature>
      <h1>The integration layer, composed</h1>
      <p>
        This demo runs offline against <code>@plinth/sandbox</code>. Make a privacy choice, then move between pages: the
        inspector shows, live, exactly what reached the sandbox — scrubbed before it left the page.
      </p>
      <ul className="packages">
        {PACKAGES.map(([name, text]) => (
          <li key={name}>
            <code>{name}</code> — {text}
          </li>
        ))}
      </ul>
      <p>
        Try a URL with secrets: <Link to="/article?utm_source=demo&code=SECRET&state=XYZ">/article?code=…&state=…</Link>{' '}
        — the page view arrives without them.
      </p>
      <CallToAction />
      <FlagsStatus />
    </article>
  );
}
