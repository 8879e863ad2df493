/** PostHog Cloud's hosts, in a module of their own: the server entry imports them without the browser's config. */

/** PostHog Cloud's regions. */
export type PosthogRegion = 'us' | 'eu';

/** Each region's hosts: the API (events, flags), the assets host posthog-js reads remote config from, the app. */
export const POSTHOG_HOSTS: Readonly<Record<PosthogRegion, { api: string; assets: string; ui: string }>> = {
  us: { api: 'https://us.i.posthog.com', assets: 'https://us-assets.i.posthog.com', ui: 'https://us.posthog.com' },
  eu: { api: 'https://eu.i.posthog.com', assets: 'https://eu-assets.i.posthog.com', ui: 'https://eu.posthog.com' },
};

/** The region's hosts (default `'us'`); an unknown region is the caller's typed error (`code: 'invalid_option'`). */
export function regionHosts(region: PosthogRegion | undefined, error: (message: string) => Error) {
  const hosts = POSTHOG_HOSTS[region ?? 'us'];
  if (!hosts) throw error(`analytics: unknown PostHog region "${String(region)}" ('us' or 'eu')`);
  return hosts;
}
