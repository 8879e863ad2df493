import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useConsentStore } from './ConsentProvider';
import type { ConsentStore } from './consent';
import { type PlinthError, requireConsent } from './error';
import { isSilentCallbackFrame } from './is-browser';
import type { VendorStatus } from './vendor-loader';

/**
 * What the instance of every vendor package has (`createAnalytics`, `createFlags`, `createLogger`): one
 * lifecycle, one status type, one failure. A provider calls `start()` in an effect and `stop()` in its cleanup.
 */
export interface VendorLifecycle {
  /**
   * Follow consent, the session channel and the page; load the SDK once consent allows. Idempotent, a
   * no-op on the server, never rejects.
   */
  start(): void;
  /** Stop following them. The SDK, its kept state and queued calls stay: a later `start()` resumes (StrictMode). */
  stop(): void;
  /** Where the SDK is (`idle` on the server and before `start()`). */
  status(): VendorStatus;
  /** Why it failed, was blocked, timed out or was refused; `undefined` otherwise (a denial is a choice, not a failure). */
  failure(): PlinthError | undefined;
  /** Hear status changes; returns the unsubscribe function. */
  subscribeStatus(listener: (status: VendorStatus) => void): () => void;
}

type StatusSource = Pick<VendorLifecycle, 'status' | 'subscribeStatus'>;
const onServer = () => 'idle' as const;
const none = () => undefined;

/**
 * The status of a vendor package's instance, re-rendering on change: what each package's `useXStatus()`
 * returns. `idle` on the server and during hydration.
 */
export function useVendorStatus(instance: StatusSource): VendorStatus {
  const subscribe = useCallback((notify: () => void) => instance.subscribeStatus(notify), [instance]);
  return useSyncExternalStore(subscribe, instance.status, onServer);
}

/** The failure of a vendor package's instance (`failure()`), re-read at each status change: each `useXFailure()`. */
export function useVendorFailure(instance: StatusSource & Pick<VendorLifecycle, 'failure'>): PlinthError | undefined {
  const subscribe = useCallback((notify: () => void) => instance.subscribeStatus(notify), [instance]);
  return useSyncExternalStore(subscribe, instance.failure, none);
}

/** A vendor package's provider props: a ready `instance`, or a `config` to create one, never both. */
export type InstanceOrConfig<Instance, Config> =
  | { instance: Instance; config?: never }
  | { instance?: never; config: Config };

/**
 * What every vendor package's provider does with its props: uses the `instance` given, or creates one once
 * from `config` (with the nearest `ConsentProvider`'s store when the config has no `consent`; none at all
 * throws `configError(…, 'consent_required')`), and runs it while mounted (`start()` in an effect, `stop()`
 * in its cleanup: StrictMode's double effects give one SDK init), except in auth's hidden callback frame
 * (`isSilentCallbackFrame()`), where it starts nothing. `created` says whether the provider owns it.
 */
export function useProvidedInstance<
  Instance extends VendorLifecycle,
  Config extends { consent?: ConsentStore | false | undefined },
>(
  provider: string,
  props: { instance?: Instance | undefined; config?: Config | undefined },
  create: (config: Config) => Instance,
): { instance: Instance; created: boolean } {
  const nearest = useConsentStore();
  const [created] = useState(() => {
    if (props.instance) return undefined;
    const consent = props.config?.consent ?? nearest;
    return create({
      ...(props.config as Config),
      consent: requireConsent(
        provider,
        consent,
        'render it inside a <ConsentProvider>, or set config.consent (`false`: none needed)',
      ),
    });
  });
  const instance = props.instance ?? (created as Instance);
  useEffect(() => {
    if (isSilentCallbackFrame()) return; // the app loaded in auth's hidden frame: nothing of it runs there
    instance.start();
    return () => instance.stop();
  }, [instance]);
  return { instance, created: created !== undefined };
}
