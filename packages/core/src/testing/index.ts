import { createElement, type ReactNode, useState } from 'react';
import { ConsentProvider } from '../ConsentProvider';
import { type ChannelEvent, channel as pageChannel, resetChannelState, type SessionChannel } from '../channel';
import {
  type ConsentCategory,
  type ConsentStatus,
  type ConsentStore,
  createConsent,
  DEFAULT_CATEGORIES,
} from '../consent';
import { resetMisconfigurationWarnings } from '../misconfiguration';

/**
 * Forget the channel's listeners, its current session and its `reportOnce` keys (the page's channel by
 * default), and which misconfigurations were already warned about. Call it in `afterEach`.
 */
export function resetChannel(target: SessionChannel = pageChannel): void {
  resetChannelState(target);
  resetMisconfigurationWarnings();
}

/** An in-memory consent store (nothing persisted), starting from `decisions`. */
export function createTestConsent(
  decisions: Partial<Record<ConsentCategory, ConsentStatus>> = {},
  categories: readonly ConsentCategory[] = [...DEFAULT_CATEGORIES, ...Object.keys(decisions)],
): ConsentStore {
  return createConsent({ storage: null, initial: decisions, categories: [...new Set(categories)] });
}

/** `ConsentProvider` over an in-memory store; pass `store` to drive it from the test. */
export function TestConsentProvider({
  decisions,
  store,
  children,
}: {
  decisions?: Partial<Record<ConsentCategory, ConsentStatus>>;
  store?: ConsentStore;
  children?: ReactNode;
}) {
  const [own] = useState(() => store ?? createTestConsent(decisions));
  return createElement(ConsentProvider, { store: own }, children);
}

export interface ChannelRecording {
  /** Every event seen since recording started, in order. */
  readonly events: ChannelEvent[];
  /** The events of one type. */
  of<T extends ChannelEvent['type']>(type: T): Extract<ChannelEvent, { type: T }>[];
  clear(): void;
  stop(): void;
}

/** Records what is emitted on the channel (the page's by default). */
export function recordChannel(target: SessionChannel = pageChannel): ChannelRecording {
  const events: ChannelEvent[] = [];
  const stop = target.onAny((event) => events.push(event));
  return {
    events,
    of: <T extends ChannelEvent['type']>(type: T) =>
      events.filter((e): e is Extract<ChannelEvent, { type: T }> => e.type === type),
    clear: () => {
      events.length = 0;
    },
    stop,
  };
}
