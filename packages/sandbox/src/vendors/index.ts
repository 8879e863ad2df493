import { collect } from './collect';
import { oidc } from './oidc';
import type { VendorModule } from './types';

/**
 * Every vendor stand-in the sandbox serves, in match order. Adding a vendor is one file in this
 * folder exporting a `VendorModule`, plus one line here.
 */
export const vendors: readonly VendorModule[] = [oidc, collect];
