import type { Site } from '@datadog/browser-logs';
import { DATADOG_SITES, type DatadogSite } from '../site';

/** The named sites of a union that ends with `(string & {})` (the SDK's own escape hatch for any string). */
type NamedSites<T> = T extends string ? (string extends T ? never : T) : never;

it("names exactly the sites of the pinned SDK's own `Site` type: a site added or removed there fails here", () => {
  expectTypeOf<DatadogSite>().toEqualTypeOf<NamedSites<Site>>();
  expectTypeOf(DATADOG_SITES).items.toEqualTypeOf<NamedSites<Site>>();
});
