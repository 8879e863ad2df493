/**
 * Session replay's privacy defaults and sampling, in Plinth's words (imported with the adapter, no posthog-js code).
 *
 * posthog-js masks inputs but no other text, and records images and canvas; Sentry's and Datadog's replay defaults
 * mask all text. Here everything is masked or blocked unless the app's `replay` options name it, and what the app
 * lets through is scrubbed as events are (core's scrubber).
 */
import { configError } from '@plinth/core';
import type { ReplayOptions } from '../config';

/** rrweb's own masking: every non-blank character becomes `*` (the text's shape stays, its content goes). */
export const maskText = (text: string) => text.replace(/\S/g, '*');

/** Attributes that carry words a visitor wrote or reads (masked with the text); links and sources are scrubbed. */
const WORDS = /^(alt|title|placeholder|aria-label|aria-description|aria-valuetext|label|value|content|data-.*)$/i;
const URLS = /^(href|src|srcset|action|poster|cite|background|xlink:href)$/i;

/** The media a recording blocks unless allowed (rrweb records a placeholder of the same size). */
const MEDIA = ['img', 'picture', 'video', 'audio', 'canvas', 'object', 'embed', 'iframe', 'svg image'];

export interface ReplayPrivacy {
  maskAllInputs: true;
  maskTextSelector: '*';
  maskTextFn: (text: string, element?: HTMLElement | null) => string;
  maskInputFn: (text: string, element?: HTMLElement | null) => string;
  maskAttributeFn: (name: string, value: string, element?: Element | null) => string;
  blockSelector: string;
  maskCapturedNetworkRequestFn: <T extends { name: string }>(request: T) => T;
  sampleRate?: number;
}

/**
 * posthog-js's `session_recording` options for Plinth's defaults: all text masked (`maskTextSelector: '*'`, the app
 * unmasks by selector through `maskTextFn`), all inputs masked (passwords always), text attributes masked, URLs in
 * attributes scrubbed, media blocked unless allowed. `scrub` is core's scrubber (`scrubValue`, `scrubUrl`) with the app's
 * extra parameters.
 */
export function replayPrivacy(
  options: ReplayOptions,
  scrub: { text: (text: string) => string; url: (url: string) => string },
): ReplayPrivacy {
  const { unmask, allowMedia, sampleRate } = options;
  // Checked here, in the lazy adapter, not at creation: apps without replay carry none of it. The SDK fails loudly.
  if (sampleRate !== undefined && !(sampleRate >= 0 && sampleRate <= 1)) {
    throw configError(`analytics: \`replay.sampleRate\` must be between 0 and 1 (got ${sampleRate})`, 'invalid_option');
  }
  const shown = (element?: Element | null) => !!(unmask && element?.closest(unmask));
  const password = (element?: Element | null) => (element as HTMLInputElement | null | undefined)?.type === 'password';
  return {
    maskAllInputs: true,
    maskTextSelector: '*',
    maskTextFn: (text, element) => (shown(element) ? scrub.text(text) : maskText(text)),
    maskInputFn: (text, element) => (shown(element) && !password(element) ? scrub.text(text) : maskText(text)),
    maskAttributeFn: (name, value, element) => {
      if (URLS.test(name)) return scrub.url(value);
      if (WORDS.test(name) && !shown(element)) return maskText(value);
      return value;
    },
    // A project that captures network requests in recordings: their URL scrubbed, no headers, no bodies.
    maskCapturedNetworkRequestFn: (request) => ({
      ...request,
      name: scrub.url(request.name),
      requestHeaders: undefined,
      responseHeaders: undefined,
      requestBody: undefined,
      responseBody: undefined,
    }),
    blockSelector: MEDIA.map((tag) => (allowMedia ? `${tag}:not(${allowMedia})` : tag)).join(', '),
    ...(sampleRate !== undefined && { sampleRate }),
  };
}

/**
 * Whether the session is recorded at `rate` (0 to 1): posthog-js's own decision (`sampleOnProperty`, a 31-hash of the
 * session id modulo 100), so Plinth's choice before the download and posthog-js's after it never disagree.
 */
export function sessionSampled(sessionId: string, rate: number | null | undefined): boolean {
  if (rate === null || rate === undefined) return true;
  let hash = 0;
  for (let i = 0; i < sessionId.length; i++) {
    hash = (hash << 5) - hash + sessionId.charCodeAt(i);
    hash |= 0;
  }
  return Math.abs(hash) % 100 < Math.min(Math.max(rate * 100, 0), 100);
}
