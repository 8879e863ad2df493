/**
 * Datadog's sites: the one a client token belongs to decides the intake. A token sent to another site's
 * intake is answered 403 and the logs are lost. The list is the named members of the pinned SDK's own
 * `Site` type (`@datadog/js-core` `transport/intakeSites.ts`, re-exported by `@datadog/browser-logs`):
 * `adapter/site.test-d.ts` fails when the two differ.
 */
export const DATADOG_SITES = [
  'datadoghq.com', // US1 (the SDK's default)
  'us3.datadoghq.com',
  'us5.datadoghq.com',
  'datadoghq.eu', // EU1
  'ap1.datadoghq.com',
  'ap2.datadoghq.com',
  'ddog-gov.com', // US1-FED
  'us2.ddog-gov.com', // US2-FED
] as const;

export type DatadogSite = (typeof DATADOG_SITES)[number];

/**
 * The browser intake's origin for a site, as @datadog/browser-logs builds it (`browser-intake-` and the
 * site's name with its dots but the last turned into dashes): `us3.datadoghq.com` →
 * `https://browser-intake-us3-datadoghq.com`. This is the host to allow in CSP `connect-src`.
 */
export function intakeOrigin(site: DatadogSite): string {
  const parts = site.split('.');
  const extension = parts.pop();
  return `https://browser-intake-${parts.join('-')}.${extension}`;
}

export function isDatadogSite(value: unknown): value is DatadogSite {
  return typeof value === 'string' && (DATADOG_SITES as readonly string[]).includes(value);
}

/** The error message of a site that is not one of Datadog's (thrown at creation, not when logs are lost). */
export const unknownSite = (caller: string, site: unknown) =>
  `${caller}: unknown Datadog site "${String(site)}" (one of ${DATADOG_SITES.join(', ')})`;
