import { type PlinthError, useVendorFailure, useVendorStatus, type VendorStatus } from '@plinth/core';
import { useFlagsInstance } from './context';

/**
 * Where the flag service is, as core's `VendorStatus`: `'idle'` on the server and before the provider
 * starts, `'waiting-consent'`, `'loading'`, `'ready'`, `'timeout'` past `timeoutMs` (values still update if it
 * answers later), `'denied'` (functional consent declined: the defaults, by choice), `'failed'`, `'blocked'`,
 * `'rejected'`.
 */
export function useFlagsStatus(): VendorStatus {
  return useVendorStatus(useFlagsInstance('useFlagsStatus'));
}

/** Why the flags are `failed`, `blocked`, `timeout` or `rejected` (`failure()`), re-read at each status change; else `undefined`. */
export function useFlagsFailure(): PlinthError | undefined {
  return useVendorFailure(useFlagsInstance('useFlagsFailure'));
}
