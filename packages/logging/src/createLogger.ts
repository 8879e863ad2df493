import {
  createVendorLoader,
  type EventContext,
  isBrowser,
  isDevelopment,
  PlinthError,
  channel as pageChannel,
  scrubDeep,
  type VendorLoader,
} from '@plinth/core';
import type { LogClient } from './adapter/datadog';
import { createBaseLogger, messageOf } from './base';
import { DATADOG_SITES, isDatadogSite } from './site';
import type { BrowserLogger, LogContext, LogEntry, LoggerConfig, LogLevel } from './types';

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
 * consent category (`'monitoring'`) is granted. Logs made before are kept in a bounded queue and
 * sent with their original time; a denial drops them.
 */
export function createLogger(config: LoggerConfig): BrowserLogger {
  if (!config?.clientToken) {
    throw new PlinthError('createLogger: `clientToken` is required', { source: 'logging', code: 'config' });
  }
  if (config.site !== undefined && !isDatadogSite(config.site)) {
    throw new PlinthError(
      `createLogger: unknown Datadog site "${String(config.site)}" (one of ${DATADOG_SITES.join(', ')})`,
      { source: 'logging', code: 'config' },
    );
  }
  const { consent, consentCategory = 'monitoring', channel = pageChannel } = config;
  let user: LogContext | undefined;
  let imported = false;
  let client: LogClient | undefined;

  const loader: VendorLoader<LogClient> = createVendorLoader<LogClient>({
    name: 'datadog',
    consent: consent === false ? false : { store: consent, category: consentCategory },
    queueLimit: config.queueLimit,
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

  const base = createBaseLogger(
    (entry) => {
      // The user is part of the log as it was made, even if it is sent after a sign-out.
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

  const setUser = (next: LogContext | undefined) => {
    user = next;
    loader.call((sdk) => sdk.setUser(next), { state: 'user' });
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

  let unsubscribe: (() => void)[] = [];
  const follow = () => {
    if (!channel) return;
    const toUser = config.user ?? idOnly;
    unsubscribe = [
      channel.on('signedIn', ({ user: signedIn }) => setUser(toUser(signedIn)), { replay: true }),
      channel.on('signedOut', () => setUser(undefined)),
      channel.on('exception', ({ error, context }: { error: unknown; context: EventContext }) =>
        base.error(messageOf(error), { origin: 'channel', ...context }, error),
      ),
      channel.on('report', ({ level, message, context }) => base[level](message, { origin: 'report', ...context })),
    ];
  };

  // Assigned onto the base logger, not spread: its `level` is a getter (it follows `setLevel`).
  return Object.assign(base, {
    async start() {
      if (!isBrowser) return;
      if (unsubscribe.length === 0) follow();
      if (consoleOnly) return; // printed only: no SDK, nothing sent
      if (!imported && !earlyCapture && config.captureErrors !== false) {
        earlyCapture = true;
        window.addEventListener('error', onEarlyError);
        window.addEventListener('unhandledrejection', onEarlyError);
      }
      await loader.start();
    },
    dispose() {
      for (const off of unsubscribe) off();
      unsubscribe = [];
      stopEarlyCapture();
      loader.stop();
    },
    status: loader.status,
    failure: loader.failure,
    subscribe: loader.subscribeStatus,
  });
}
