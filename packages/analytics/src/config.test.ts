import { posthogPrefixes } from './adapter/posthog';
import { POSTHOG_HOSTS, resolveConfig } from './config';

describe('resolveConfig: every host derives from the region', () => {
  it('defaults to the US cloud and its app host', () => {
    expect(resolveConfig({ token: 't' })).toMatchObject({
      apiHost: 'https://us.i.posthog.com',
      uiHost: 'https://us.posthog.com',
    });
  });

  it('an EU project goes to the EU hosts', () => {
    expect(resolveConfig({ token: 't', region: 'eu' })).toMatchObject({
      apiHost: POSTHOG_HOSTS.eu.api,
      uiHost: POSTHOG_HOSTS.eu.ui,
    });
  });

  it('a proxy keeps the region’s app host, without a trailing slash', () => {
    expect(resolveConfig({ token: 't', region: 'eu', apiHost: '/ingest/' })).toMatchObject({
      apiHost: '/ingest',
      uiHost: 'https://eu.posthog.com',
    });
  });

  it('an unknown region is a typed error at creation, not a silent US default', () => {
    expect(() => resolveConfig({ token: 't', region: 'de' as never })).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
  });
});

describe('posthogPrefixes: what network capture leaves out', () => {
  it('on PostHog Cloud: the API host and the region’s assets host (remote config)', () => {
    expect(posthogPrefixes('https://eu.i.posthog.com', 'https://app.example')).toEqual([
      'https://eu.i.posthog.com/',
      'https://eu-assets.i.posthog.com/',
    ]);
  });

  it('behind a first-party proxy: only the proxy’s path, so the app’s own calls on its origin are kept', () => {
    expect(posthogPrefixes('/ingest', 'https://app.example/page')).toEqual(['https://app.example/ingest/']);
  });
});
