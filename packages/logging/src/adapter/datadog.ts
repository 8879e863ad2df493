// The only file that imports the Datadog SDK. It is loaded with import() from createLogger's
// loader, so the SDK is a lazy chunk, downloaded only once monitoring consent is granted.
import { datadogLogs } from '@datadog/browser-logs';
import { createLogFilter } from '../filter';
import type { LogContext, LogEntry, LoggerConfig } from '../types';

/** The logger's config, read here so that only the lazy chunk knows how it maps onto the SDK's options. */
export type DatadogOptions = Omit<LoggerConfig, 'consent'>;

/** What the logger needs from the SDK, in Plinth's terms (no Datadog type crosses this line). */
export interface LogClient {
  log(entry: LogEntry, at: Date): void;
  setGlobalContext(context: LogContext): void;
  setUser(user: LogContext | undefined): void;
  /** Consent withdrawn: stop collecting and sending, expire the session and remove its cookie and storage. */
  revoke(): void;
  /** Consent granted again: a new session starts. */
  regrant(): void;
}

/** Session cookies of 7.x (`_dd_s_v2`; `_dd_s` before) and, with `sessionPersistence: 'local-storage'`, the same keys there. */
const SESSION_KEYS = ['_dd_s_v2', '_dd_s'];
/** `storeContextsAcrossPages` keeps user/global/account context under `_dd_c_logs_<kind>`. */
const CONTEXT_PREFIX = '_dd_c_logs_';

function clearStorage() {
  for (const name of SESSION_KEYS) {
    for (const domain of ['', `; domain=${location.hostname}`]) {
      // biome-ignore lint/suspicious/noDocumentCookie: synchronous and in every browser (the Cookie Store API is not)
      document.cookie = `${name}=; max-age=0; path=/${domain}`;
    }
  }
  try {
    for (const key of Object.keys(localStorage)) {
      if (SESSION_KEYS.includes(key) || key.startsWith(CONTEXT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // storage disabled: nothing stored either
  }
}

let client: LogClient | undefined;

/**
 * Initialises the SDK once per page (it is a page singleton: `window.DD_LOGS`); a second logger
 * shares the first one's SDK and configuration.
 */
export function startDatadog(options: DatadogOptions): LogClient {
  if (client) return client;
  const beforeSend = createLogFilter(options);
  datadogLogs.init({
    clientToken: options.clientToken,
    site: options.site,
    proxy: options.proxy,
    service: options.service,
    env: options.env,
    version: options.version,
    // Plinth loads the SDK only once consent is granted, and revokes it through setTrackingConsent.
    trackingConsent: 'granted',
    forwardErrorsToLogs: options.captureErrors !== false,
    forwardConsoleLogs: options.captureConsoleErrors ? ['error'] : [],
    sessionSampleRate: options.sessionSampleRate,
    telemetrySampleRate: options.telemetry ? 20 : 0, // the SDK's default is 20 %
    silentMultipleInit: true,
    beforeSend: (event) => beforeSend(event as unknown as Parameters<typeof beforeSend>[0]),
  });
  // The main logger's defaults (level debug, handler http) are kept: the threshold is Plinth's, applied before the queue.
  const { logger } = datadogLogs;
  client = {
    log(entry, at) {
      // The SDK takes the event time from a `date` attribute: queued logs keep the time they were made at.
      logger.log(
        entry.message,
        { ...entry.context, date: at.getTime() },
        entry.level,
        entry.error as Error | undefined,
      );
    },
    setGlobalContext: (context) => datadogLogs.setGlobalContext(context),
    setUser: (user) => (user ? datadogLogs.setUser(user) : datadogLogs.clearUser()),
    revoke() {
      datadogLogs.setTrackingConsent('not-granted');
      clearStorage();
      // The SDK writes its expired-session cookie asynchronously, under a Web Lock on `_dd_s_v2`
      // when there is one: clear again once that write is done.
      if (navigator.locks) void navigator.locks.request(SESSION_KEYS[0]!, clearStorage).catch(() => undefined);
      else setTimeout(clearStorage, 0);
    },
    regrant: () => datadogLogs.setTrackingConsent('granted'),
  };
  return client;
}
