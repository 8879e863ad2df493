import {
  configError,
  createVendorLoader,
  type EventContext,
  isBrowser,
  isDevelopment,
  channel as pageChannel,
  requireConsent,
  scrubDeep,
  type VendorLoader,
} from '@plinth/core';
import type { DatadogAdapter } from './adapter/datadog';
import { createBaseLogger, messageOf } from './base';
import { globalContextOf, reconcile, usrOf, type VisitorMapping } from './reconcile';
import { isDatadogSite, unknownSite } from './site';
import type { LogEntry, Logger, LoggerConfig, LogLevel } from './types';

/** The console method of the levels the console has no method for (as the SDK's own console handler maps them). */
const CONSOLE_METHOD: Partial<Record<LogLevel, 'debug' | 'info' | 'error'>> = {
  ok: 'debug',
  notice: 'info',
  critical: 'error',
  alert: 'error',
  emerg: 'error',
};

/**
 * A browser logger over Datadog's Logs SDK. Creating it does nothing: `start()` (the provider calls
 * it in an effect) follows consent and the session channel, and imports the SDK only once the
 * consent category (`'monitoring'`) is granted and, by default (`loadOn: 'first-event'`), at the first
 * log or captured error. Logs and uncaught errors made before are kept in a bounded queue and sent with
 * their original time; a denial drops them. Who is here is core's visitor (`channel.visitor`), never
 * copied: each log names the user (and carries the event properties) of the moment it was made, and the
 * loader's `reconcile` brings the SDK's own user and global context (on the errors it captures) in step with
 * the visitor before anything else reaches it: at load, at every grant and at each change. A log still queued
 * when its person has left is dropped (core's rule, counted in `dropped().visitor`).
 */
export function createLogger(config: LoggerConfig): Logger {
  if (!config?.clientToken) throw configError('createLogger: `clientToken` is required', 'missing_option');
  if (config.site !== undefined && !isDatadogSite(config.site)) {
    throw configError(unknownSite('createLogger', config.site), 'invalid_option');
  }
  const { consentCategory = 'monitoring', channel = pageChannel } = config;
  const consent = requireConsent('createLogger', config.consent);
  const { visitor } = pageChannel; // the page's one visitor, as core's loader reconciles with it
  const mapping: VisitorMapping = { user: config.user, context: config.context };
  let imported = false;
  let adapter: DatadogAdapter | undefined;
  // Console errors and browser reports are watched by the SDK itself: asking for them loads it at consent.
  const watchedBySdk =
    config.captureConsoleErrors === true ||
    config.captureReports === true ||
    (Array.isArray(config.captureReports) && config.captureReports.length > 0);
  const loadOn = config.loadOn ?? (watchedBySdk ? 'consent' : 'first-event');

  const loader: VendorLoader<DatadogAdapter> = createVendorLoader<DatadogAdapter>({
    name: 'datadog',
    consent: consent === false ? false : { store: consent, category: consentCategory },
    queueLimit: config.queueLimit,
    loadOn,
    async load() {
      const { startDatadog } = await import('./adapter/datadog');
      imported = true; // the SDK now watches uncaught errors itself
      stopEarlyCapture();
      adapter = startDatadog(config, {
        // The intake refused the token or the site: say so (status `rejected`, a warning in development).
        rejected: (httpStatus, url) =>
          loader.reject({
            message: `the Datadog intake refused the client token or site (HTTP ${httpStatus}): check \`clientToken\` and \`site\`${config.proxy ? ' and what the proxy forwards to' : ''}`,
            httpStatus,
            url,
          }),
        accepted: () => loader.accepted(),
      });
      return adapter;
    },
    reconcile: (sdk, next, previous) => reconcile(sdk, next, previous, mapping),
    onRevoke: (sdk) => sdk.revoke(),
    onRegrant: (sdk) => sdk.regrant(),
  });

  // The console methods as they are now, before the SDK wraps them (its `forwardConsoleLogs` would
  // otherwise send each printed error a second time).
  const printTo = (config.console ?? isDevelopment()) && isBrowser && { ...console };
  const consoleOnly = config.console === 'only';
  const print = ({ level, message, context, error }: LogEntry) => {
    if (!printTo) return;
    const args: unknown[] = [scrubDeep(message, config.scrub)];
    if (Object.keys(context).length > 0) args.push(scrubDeep(context, config.scrub));
    if (error !== undefined) args.push(error); // as is, so the devtools link its stack
    printTo[(CONSOLE_METHOD[level] ?? level) as 'debug' | 'info' | 'warn' | 'error'].apply(console, args);
  };

  const base = createBaseLogger(
    (entry) => {
      // The user is part of the log as it was made (none when nobody was signed in), even if it is sent later.
      const usr = usrOf(visitor.get(), mapping);
      const logged = usr ? { ...entry, context: { usr, ...entry.context } } : entry;
      print(logged);
      if (!consoleOnly) loader.call((sdk, at) => sdk.log(logged, at));
    },
    {
      level: config.level,
      // The global context is the visitor's `properties` (beneath the logger's own `context`): read at each log,
      // written through core's one writer (PostHog's super properties are the same slice).
      globalContext: {
        get: () => globalContextOf(visitor.get(), mapping),
        set: (key, value) => visitor.update({ properties: { [key]: value } }),
        remove: (key) => visitor.update({ properties: { [key]: null } }),
      },
      // The SDK's session, once it is loaded; none while consent is withdrawn (the SDK expired it).
      sessionId: () => (loader.status() === 'denied' ? undefined : adapter?.sessionId()),
    },
  );

  // Until the SDK is imported (consent pending, or the chunk in flight), uncaught errors are caught
  // here and queued like any log; from then on the SDK's own forwarding takes over.
  const onEarlyError = (event: ErrorEvent | PromiseRejectionEvent) => {
    const error = 'reason' in event ? event.reason : (event.error ?? event.message);
    base.error(messageOf(error), { origin: 'source' }, error);
  };
  let earlyCapture = false;
  function stopEarlyCapture() {
    if (!earlyCapture) return;
    earlyCapture = false;
    window.removeEventListener('error', onEarlyError);
    window.removeEventListener('unhandledrejection', onEarlyError);
  }

  // Exceptions and reports are heard while started. Sign-ins and sign-outs need no listener here: core's loader
  // reconciles the SDK with the visitor at each change for the logger's life (a stopped logger's SDK still
  // captures errors, and must not name a user who signed out).
  let unsubscribe: (() => void)[] = [];
  const follow = () => {
    if (!channel || unsubscribe.length > 0) return;
    unsubscribe = [
      channel.on('exception', ({ error, context }: { error: unknown; context: EventContext }) =>
        base.error(messageOf(error), { origin: 'channel', ...context }, error),
      ),
      channel.on('report', ({ level, message, context }) => base[level](message, { origin: 'report', ...context })),
    ];
  };

  // Assigned onto the base logger, not spread: its `level` is a getter (it follows `setLevel`).
  return Object.assign(base, {
    start() {
      if (!isBrowser) return;
      follow();
      if (consoleOnly) return; // printed only: no SDK, nothing sent
      if (!imported && !earlyCapture && config.captureErrors !== false) {
        earlyCapture = true;
        window.addEventListener('error', onEarlyError);
        window.addEventListener('unhandledrejection', onEarlyError);
      }
      void loader.start(); // never rejects
    },
    stop() {
      for (const off of unsubscribe) off();
      unsubscribe = [];
      stopEarlyCapture();
      loader.stop();
    },
    status: loader.status,
    failure: loader.failure,
    dropped: loader.dropped,
    subscribeStatus: loader.subscribeStatus,
  });
}
