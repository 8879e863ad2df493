import type { PlinthError } from '@plinth/core';
import { useSyncExternalStore } from 'react';
import { useFlagsClient } from './context';
import type { FlagsStatus } from './store';

/**
 * `'loading'` until the flag service answers; `'ready'`; `'timeout'` past `timeoutMs` (values still
 * update if it answers later); `'failed'` when it will not answer (init failed, SDK blocked, consent denied).
 */
export function useFlagsStatus(): FlagsStatus {
  const client = useFlagsClient('useFlagsStatus');
  return useSyncExternalStore(client.subscribeStatus, client.status, client.status);
}

/** Why the flags are `failed` or `timeout` (`client.failure()`), re-read at each status change; else `undefined`. */
export function useFlagsFailure(): PlinthError | undefined {
  const client = useFlagsClient('useFlagsFailure');
  const read = () => client.failure();
  return useSyncExternalStore(client.subscribeStatus, read, read);
}
