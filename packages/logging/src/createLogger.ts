import {
  configError,
  createVendorLoader,
  type EventContext,
  isBrowser,
  isDevelopment,
  channel as pageChannel,
  scrubDeep,
  userOf,
  type VendorLoader,
  type Visitor,
} from '@plinth/core';
import type { LogClient } from './adapter/datadog';
import { createBaseLogger, messageOf } from './base';
import { isDatadogSite, unknownSite } from './site';
import type { LogContext, LogEntry, Logger, LoggerConfig, LogLevel } from './types';

/** The console method of the levels the console has no method for (as the SDK's own console handler maps them). */
const CONSOLE_METHOD: Partial<Record<LogLevel, 'debug' | 'info' | 'error'>> = {
  ok: 'debug',
  notice: 'info',
  critical: 'error',
  alert: 'error',
  emerg: 'error',
};

const idOnly = (user: { id: string }): LogContext => ({ id: user.id });

/**
 * A browser logger over Datadog's Logs SDK. Creating it does nothing: `start()` (the provider calls
 * it in an effect) follows consent and the session channel, and imports the SDK only once the
 * consent category (`'monitoring'`) is granted and, by default (`loadOn: 'first-event'`), at the first
 * log or captured error. Logs and uncaught errors made before are kept in a bounded queue and sent with
 * their original time; a denial drops them. The signed-in user is read from the channel's
 * current session: each log names the user signed in when it was made, and the SDK's own user (on the
 * errors it captures) is state the loader keeps across consent changes and applies at every (re)start.
 */
export function createLogger(config: LoggerConfig): Logger {
  if (!config?.clientToken) throw configError('createLogger: `clientToken` is required', 'missing_option');
  if (config.site !== undefined && !isDatadogSite(config.site)) {
    throw configError(unknownSite('createLogger', config.site), 'invalid_option');
  }
  const { consent, consentCategory = 'monitoring', channel = pageChannel } = config;
  if (consent === undefined) {
    throw configError(
      'createLogger: `consent` is required: a consent store, or `false` when logging needs none',
      'consent_required',
    );
  }
  let imported = false;
  let client: LogClient | undefined;
  // Console errors and browser reports are watched by the SDK itself: asking for them loads it at consent.
  const watchedBySdk =
    config.captureConsoleErrors === true ||
    config.captureReports === true ||
    (Array.isArray(config.captureReports) && config.captureReports.length > 0);
  const loadOn = config.loadOn ?? (watchedBySdk ? 'consent' : 'first-event');

  const loader: VendorLoader<LogClient> = createVendorLoader<LogClient>({
    name: 'datadog',
    consent: consent === false ? false : { store: consent, category: consentCategory },
    queueLimit: config.queueLimit,
    loadOn,
    async load() {
      const { startDatadog } = await import('./adapter/datadog');
      imported = true; // the SDK now watches uncaught errors itself
      stopEarlyCapture();
      client = startDatadog(config, {
        // The intake refused the token or the site: say so (status `rejected`, a warning in development).
        rejected: (httpStatus, url) =>
          loader.reject({
            message: `the Datadog intake refused the client token or site (HTTP ${httpStatus}): check \`clientToken\` and \`site\`${config.proxy ? ' and what the proxy forwards to' : ''}`,
            httpStatus,
            url,
          }),
        accepted: () => loader.accepted(),
      });
      return client;
    },
    onRevoke: (client) => client.revoke(),
    onRegrant: (client) => client.regrant(),
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

  // Who is signed in now (core's visitor, read live), as the log shows it (`config.user`, the id only by default),
  // mapped once per visitor snapshot.
  const toUser = config.user ?? idOnly;
  let seen: { visitor: Visitor | undefined; user: LogContext | undefined } = { visitor: undefined, user: undefined };
  const currentUser = () => {
    if (!channel) return undefined;
    const visitor = channel.visitor.get();
    if (visitor !== seen.visitor) {
      const user = userOf(visitor);
      seen = { visitor, user: user ? toUser(user) : undefined };
    }
    return seen.user;
  };

  const base = createBaseLogger(
    (entry) => {
      // The user is part of the log as it was made (none when nobody was signed in), even if it is sent later.
      const user = currentUser();
      const logged = user ? { ...entry, context: { usr: user, ...entry.context } } : entry;
      print(logged);
      if (!consoleOnly) loader.call((sdk, at) => sdk.log(logged, at));
    },
    {
      level: config.level,
      context: config.context,
      onGlobalContext: (context) => loader.call((sdk) => sdk.setGlobalContext(context), { state: 'context' }),
      // The SDK's session, once it is loaded; none while consent is withdrawn (the SDK expired it).
      sessionId: () => (loader.status() === 'denied' ? undefined : client?.sessionId()),
    },
  );

  // The SDK's own user (it stamps it on the errors it captures) is the loader's kept `user` state: written
  // at each sign-in and sign-out, and at each start from the current session, it survives a denial and is
  // applied again at every (re)start of the SDK, before any log.
  let told: { user: LogContext | undefined } | undefined;
  const syncUser = () => {
    const user = currentUser();
    if (told && told.user === user) return;
    told = { user };
    loader.call((sdk) => sdk.setUser(user), { state: 'user' });
  };

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

  // Sign-ins and sign-outs are followed from the first start for the logger's life, as the loader follows
  // revocations: a stopped logger's SDK still captures errors, and must not name a user who signed out.
  let identityFollowed = false;
  let unsubscribe: (() => void)[] = [];
  const follow = () => {
    if (!channel) return;
    syncUser();
    if (!identityFollowed) {
      identityFollowed = true;
      channel.visitor.subscribe(syncUser);
    }
    if (unsubscribe.length > 0) return;
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
    subscribeStatus: loader.subscribeStatus,
  });
}
