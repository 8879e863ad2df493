import { collect } from './collect';
import { datadog } from './datadog';
import { launchdarkly } from './launchdarkly';
import { oidc } from './oidc';
import { posthog } from './posthog';

/**
 * Every vendor stand-in the sandbox serves by default, in match order. Adding a vendor is one file
 * in this folder exporting a `VendorModule`, plus one line here.
 */
export const vendors = [oidc, collect, launchdarkly, posthog, datadog] as const;

/** The type of the default module list (it types `vendorOptions` and `sandbox.vendors`). */
export type DefaultVendors = typeof vendors;
