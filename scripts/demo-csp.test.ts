// The built demo's Content-Security-Policy (apps/demo/vite.config.ts) follows the env it is built with: pointed at
// PostHog Cloud it allows the region's assets host too, where posthog-js reads its remote config (issue 33:
// the template lacked it).
import { contentSecurityPolicy } from '../apps/demo/vite.config';

const directives = (env: Record<string, string>) =>
  contentSecurityPolicy(env)
    .split('; ')
    .map((directive) => directive.split(' ')[0]);

const connectSrc = (env: Record<string, string>) =>
  /connect-src ([^;]+)/.exec(contentSecurityPolicy(env))?.[1]?.split(' ') ?? [];

describe("the demo's Content-Security-Policy", () => {
  it('allows the PostHog Cloud region it is pointed at, API and assets hosts', () => {
    expect(connectSrc({ VITE_POSTHOG_HOST: 'https://us.i.posthog.com' })).toEqual(
      expect.arrayContaining(['https://us.i.posthog.com', 'https://us-assets.i.posthog.com']),
    );
    expect(connectSrc({ VITE_POSTHOG_HOST: 'https://eu.i.posthog.com' })).toEqual(
      expect.arrayContaining(['https://eu.i.posthog.com', 'https://eu-assets.i.posthog.com']),
    );
  });

  it('the sandbox alone by default, and a first-party proxy adds no PostHog host', () => {
    expect(connectSrc({})).toEqual(["'self'", 'http://127.0.0.1:4700']);
    expect(connectSrc({ VITE_POSTHOG_HOST: '/ingest' }).join(' ')).not.toContain('posthog');
  });

  it("enforces Trusted Types by default, with the packages' policies; VITE_TRUSTED_TYPES=off leaves both directives out", () => {
    expect(contentSecurityPolicy({})).toContain("; require-trusted-types-for 'script'; trusted-types plinth-svg");
    expect(directives({ VITE_TRUSTED_TYPES: 'off' })).not.toContain('require-trusted-types-for');
    expect(directives({ VITE_TRUSTED_TYPES: 'off' })).not.toContain('trusted-types');
    expect(directives({ VITE_TRUSTED_TYPES: 'off' })).toContain('script-src');
  });
});
