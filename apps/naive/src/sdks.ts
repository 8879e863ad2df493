// Every SDK initialised at start-up, the way each one's README shows it: imported statically, default
// configuration, pointed at @plinth/sandbox (VITE_SANDBOX_URL, as apps/demo/src/config.ts) so it runs offline.
import { datadogLogs } from '@datadog/browser-logs';
import * as LDClient from 'launchdarkly-js-client-sdk';
import { UserManager } from 'oidc-client-ts';
import posthog from 'posthog-js';

const sandboxUrl = (import.meta.env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:4700').replace(/\/$/, '');

posthog.init('phc_plinth_demo', { api_host: sandboxUrl });

export const ldClient = LDClient.initialize(
  'plinth-demo',
  { kind: 'user', key: 'anonymous', anonymous: true },
  { baseUrl: sandboxUrl, streamUrl: sandboxUrl, eventsUrl: sandboxUrl },
);

datadogLogs.init({
  clientToken: 'pub_plinth_demo',
  site: 'datadoghq.com',
  service: 'plinth-naive',
  forwardErrorsToLogs: true,
  sessionSampleRate: 100,
  proxy: `${sandboxUrl}/datadog/intake`,
});

export const userManager = new UserManager({
  authority: `${sandboxUrl}/oidc`,
  client_id: 'plinth-demo',
  redirect_uri: `${location.origin}/auth/callback`,
  post_logout_redirect_uri: `${location.origin}/`,
  scope: 'openid profile email',
});

userManager.events.addUserLoaded((user) => {
  posthog.identify(user.profile.sub, { email: user.profile.email });
  void ldClient.identify({ kind: 'user', key: user.profile.sub });
  datadogLogs.setUser({ id: user.profile.sub });
});
userManager.events.addUserSignedOut(() => posthog.reset());

const CONSENT_KEY = 'naive.consent';

export function consentChoice(): string | null {
  return localStorage.getItem(CONSENT_KEY);
}

export function choose(accepted: boolean) {
  localStorage.setItem(CONSENT_KEY, accepted ? 'granted' : 'denied');
  if (accepted) posthog.opt_in_capturing();
  else {
    posthog.opt_out_capturing();
    datadogLogs.setTrackingConsent('not-granted');
  }
}

export { datadogLogs, posthog };
