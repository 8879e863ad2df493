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
