// @vitest-environment node
import { createLogger, DATADOG_SITES, intakeOrigin } from './index';

describe('Datadog sites', () => {
  it('derive the intake host the SDK sends to, for every documented site', () => {
    expect(Object.fromEntries(DATADOG_SITES.map((site) => [site, intakeOrigin(site)]))).toEqual({
      'datadoghq.com': 'https://browser-intake-datadoghq.com',
      'us3.datadoghq.com': 'https://browser-intake-us3-datadoghq.com',
      'us5.datadoghq.com': 'https://browser-intake-us5-datadoghq.com',
      'datadoghq.eu': 'https://browser-intake-datadoghq.eu',
      'ap1.datadoghq.com': 'https://browser-intake-ap1-datadoghq.com',
      'ap2.datadoghq.com': 'https://browser-intake-ap2-datadoghq.com',
      'ddog-gov.com': 'https://browser-intake-ddog-gov.com',
      'us2.ddog-gov.com': 'https://browser-intake-us2-ddog-gov.com',
    });
  });

  it('refuses an unknown site when the logger is created, not when logs are lost', () => {
    expect(createLogger({ clientToken: 'pub', consent: false, site: 'datadoghq.eu' }).status()).toBe('idle');
    expect(() =>
      createLogger({ clientToken: 'pub', consent: false, site: 'datadoghq.europe' as 'datadoghq.eu' }),
    ).toThrow(/unknown Datadog site "datadoghq.europe"/);
    // US2-FED (`us2.ddog-gov.com`) is one of the SDK's sites: a logger for it is created.
    expect(createLogger({ clientToken: 'pub', consent: false, site: 'us2.ddog-gov.com' }).status()).toBe('idle');
  });
});
