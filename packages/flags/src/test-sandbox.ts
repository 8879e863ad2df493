import { inject } from 'vitest';
import type { FlagsConfig } from './createFlags';
import { testFlags } from './test-flags';

/** The browser tests' @plinth/sandbox (started by the browser config's global setup). */
export const sandboxUrl = inject('sandboxUrl');

/** A client config whose three LaunchDarkly endpoints are the sandbox's, for the catalogue of the tests. */
export const sandboxConfig = (clientSideId: string, extra: Partial<FlagsConfig> = {}): FlagsConfig => ({
  flags: testFlags,
  clientSideId,
  baseUrl: sandboxUrl,
  streamUrl: sandboxUrl,
  eventsUrl: sandboxUrl,
  ...extra,
});

/** The sandbox's LaunchDarkly control routes (`/flags/<key>`, `/behaviour`, `/reset`). */
export const control = (path: string, method: string, body?: unknown) =>
  fetch(`${sandboxUrl}/_sandbox/launchdarkly${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
