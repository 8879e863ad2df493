import { ErrorCode, OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/web-sdk';
import { channel } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { waitFor } from '../../../../tooling/render';
import { createFlags } from '../createFlags';
import { control, sandboxConfig, sandboxUrl } from '../test-sandbox';
import { PlinthFlagsProvider } from './index';

// OpenFeature's provider contract, with the real web SDK, over Plinth's flags instance and the real LaunchDarkly
// SDK against the sandbox.

const received = async (env: string, route: string) =>
  (
    (await (await fetch(`${sandboxUrl}/_sandbox/received?vendor=launchdarkly`)).json()) as {
      path: string;
      route: string;
      body?: Record<string, unknown> & { context?: Record<string, unknown> };
    }[]
  ).filter((e) => e.path.split('/').includes(env) && e.route === route);

beforeEach(async () => {
  localStorage.clear();
  await control('/reset', 'POST');
});
afterEach(async () => {
  await OpenFeature.close();
  resetChannel();
});

describe('PlinthFlagsProvider with @openfeature/web-sdk', () => {
  it('ready after initialisation; details with reasons and OpenFeature error codes; change events; context kinds; track', async () => {
    const env = `of-${Date.now()}`;
    const flags = createFlags(
      sandboxConfig(env, { streaming: true, consent: createTestConsent({ functional: 'granted' }) }),
    );
    await control('/flags/theme', 'PUT', { value: 'dark', targets: {} });
    await OpenFeature.setProviderAndWait(new PlinthFlagsProvider(flags));
    const client = OpenFeature.getClient();
    expect(client.providerStatus).toBe(ProviderStatus.READY);

    expect(client.getStringDetails('price-test', 'control')).toMatchObject({
      value: 'a',
      reason: 'FALLTHROUGH',
      flagMetadata: { source: 'live' },
    });
    expect(client.getBooleanValue('fpImprovedUI', false)).toBe(true);
    // Not in the catalogue; asked as another type: the default, with OpenFeature's error codes.
    expect(client.getBooleanDetails('no-such-flag', false)).toMatchObject({
      value: false,
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    expect(client.getNumberDetails('theme', 0)).toMatchObject({
      value: 0,
      reason: 'ERROR',
      errorCode: ErrorCode.TYPE_MISMATCH,
    });

    // A flag changed in LaunchDarkly: ConfigurationChanged names it, and the new value is served.
    const changed: string[][] = [];
    client.addHandler(ProviderEvents.ConfigurationChanged, (details) => changed.push(details?.flagsChanged ?? []));
    await control('/flags/new-checkout', 'PUT', { value: true });
    await waitFor(() => expect(changed).toContainEqual(['new-checkout']), { timeout: 5000 });
    expect(client.getBooleanValue('new-checkout', false)).toBe(true);

    // OpenFeature's context: an attribute with a key is a LaunchDarkly context kind beside the user. The
    // provider reconciles (RECONCILING) until LaunchDarkly has evaluated it: once setContext resolves, the
    // organization's targeting rule is already served.
    await control('/flags/theme', 'PUT', {
      value: 'light',
      rules: [{ kind: 'organization', attribute: 'plan', values: ['pro'], value: 'dark' }],
    });
    await waitFor(() => expect(client.getStringValue('theme', 'light')).toBe('light'), { timeout: 5000 });
    const statuses: string[] = [];
    client.addHandler(ProviderEvents.Reconciling, () => statuses.push('reconciling'));
    client.addHandler(ProviderEvents.ContextChanged, () =>
      statuses.push(`changed:${client.getStringValue('theme', '')}`),
    );
    await OpenFeature.setContext({ organization: { key: 'acme', plan: 'pro' } });
    expect(client.getStringValue('theme', 'light')).toBe('dark');
    expect(statuses).toEqual(['reconciling', 'changed:dark']);
    await waitFor(
      async () =>
        expect((await received(env, 'evalx')).at(-1)?.body?.context).toMatchObject({
          kind: 'multi',
          organization: { key: 'acme', plan: 'pro' },
        }),
      { timeout: 5000 },
    );
    // The provider keeps no copy: the kind is core's visitor group of that type (PostHog's group too)…
    expect(channel.visitor.get().groups).toEqual({ organization: { key: 'acme', attributes: { plan: 'pro' } } });
    // …and OpenFeature's next context, without it, removes it there: evaluated without it once setContext resolves.
    await OpenFeature.setContext({});
    expect(channel.visitor.get().groups).toEqual({});
    expect(client.getStringValue('theme', 'dark')).toBe('light');

    // OpenFeature's track: a LaunchDarkly custom event with the metric value.
    client.track('revenue', { value: 9.5, plan: 'pro' });
    await waitFor(
      async () => {
        const custom = (await received(env, 'events')).filter((e) => e.body?.kind === 'custom');
        expect(custom.map((e) => [e.body?.key, e.body?.metricValue, e.body?.data])).toEqual([
          ['revenue', 9.5, { plan: 'pro' }],
        ]);
      },
      { timeout: 8000, interval: 200 },
    );
    flags.stop();
  });

  it('a flag service that fails: the provider is in ERROR and evaluations return the defaults', async () => {
    await control('/behaviour', 'PUT', { status: 500 });
    const flags = createFlags(
      sandboxConfig(`of-fail-${Date.now()}`, { consent: createTestConsent({ functional: 'granted' }) }),
    );
    await expect(OpenFeature.setProviderAndWait(new PlinthFlagsProvider(flags))).rejects.toBeDefined();
    const client = OpenFeature.getClient();
    expect(client.providerStatus).toBe(ProviderStatus.ERROR);
    expect(client.getStringValue('price-test', 'control')).toBe('control');
    await control('/behaviour', 'PUT', { status: 200 });
    flags.stop();
  });
});
