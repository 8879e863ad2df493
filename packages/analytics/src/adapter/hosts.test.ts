import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PostHog } from 'posthog-js/dist/module.slim.no-external.js';
import { POSTHOG_HOSTS, type PosthogRegion } from '../hosts';

// The README's region table and CSP line must name the hosts posthog-js really uses. Two checks, each able to
// fail: the README against POSTHOG_HOSTS, and POSTHOG_HOSTS against the request router of the posthog-js build the
// adapter imports (the code that builds every URL it requests), so an upgrade that moves a host fails here.

const goingLive = () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  return readme.slice(readme.indexOf('## Going live'), readme.indexOf('## People, groups'));
};
const regions = Object.keys(POSTHOG_HOSTS) as PosthogRegion[];

/** posthog-js's own router for a project whose API host is `apiHost` (init only: nothing is sent). */
function routerFor(apiHost: string) {
  const posthog = new PostHog();
  posthog.init('phc_hosts_test', {
    api_host: apiHost,
    persistence: 'memory',
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    opt_out_capturing_by_default: true,
  });
  const router = (posthog as unknown as { requestRouter: { endpointFor(target: string, path?: string): string } })
    .requestRouter;
  return (target: 'api' | 'assets' | 'ui', path = '') => router.endpointFor(target, path);
}

describe('PostHog hosts: README = POSTHOG_HOSTS = what posthog-js requests', () => {
  it.each(regions)('the README’s region table row for %s is POSTHOG_HOSTS', (region) => {
    const row = goingLive()
      .split('\n')
      .find((line) => line.startsWith(`| \`'${region}'`));
    const { api, assets, ui } = POSTHOG_HOSTS[region];
    expect(row?.match(/https:\/\/[^`\s|]+/g)).toEqual([api, assets, ui]);
  });

  it('the README’s CSP line is the EU project’s API and assets hosts', () => {
    const line = /^Content-Security-Policy: connect-src ([^\n]+)$/m.exec(goingLive());
    expect(line?.[1]?.split(' ').filter((source) => source.startsWith('https://'))).toEqual([
      POSTHOG_HOSTS.eu.api,
      POSTHOG_HOSTS.eu.assets,
    ]);
  });

  it.each(regions)(
    'posthog-js sends events to the API host and fetches remote config from the assets host (%s)',
    (region) => {
      const endpoint = routerFor(POSTHOG_HOSTS[region].api);
      expect(new URL(endpoint('api', '/e/')).origin).toBe(POSTHOG_HOSTS[region].api);
      expect(endpoint('assets', '/array/phc_hosts_test/config')).toBe(
        `${POSTHOG_HOSTS[region].assets}/array/phc_hosts_test/config`,
      );
      expect(endpoint('ui')).toBe(POSTHOG_HOSTS[region].ui);
    },
  );

  it('behind a first-party proxy the remote config comes from the proxy’s path: `self` covers it', () => {
    const endpoint = routerFor('https://app.example/ingest');
    expect(endpoint('assets', '/array/phc_hosts_test/config')).toBe(
      'https://app.example/ingest/array/phc_hosts_test/config',
    );
  });
});
