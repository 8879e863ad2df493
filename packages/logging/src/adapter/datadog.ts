// The only file that imports the Datadog SDK. It is loaded with import() from createLogger's
// loader, so the SDK is a lazy chunk, downloaded only once monitoring consent is granted.
import { datadogLogs } from '@datadog/browser-logs';
import { createLogFilter } from '../filter';
import { intakeOrigin } from '../site';
import type { LogContext, LogEntry, LoggerConfig } from '../types';

/** The logger's config, read here so that only the lazy chunk knows how it maps onto the SDK's options. */
export type DatadogOptions = Omit<LoggerConfig, 'consent'>;

/** What the logger needs from the SDK, in Plinth's terms (no Datadog type crosses this line). */
export interface DatadogAdapter {
  log(entry: LogEntry, at: Date): void;
  /** The SDK's global context now (`getGlobalContext()`). */
  globalContext(): LogContext;
  /** Replaces the SDK's global context (on every log and captured error). */
  setGlobalContext(context: LogContext): void;
  /** The user the SDK holds now (`getUser()`): `{}` when none. */
  user(): LogContext;
  /** The SDK's user (it stamps it on the errors it captures): `setUser`. */
  setUser(user: LogContext): void;
  /** No user: `clearUser`. */
  clearUser(): void;
  /** Consent withdrawn: stop collecting and sending, expire the session and remove its cookie and storage. */
  revoke(): void;
  /** Consent granted again: a new session starts. */
  regrant(): void;
  /** The SDK's current session id (`getInternalContext().session_id`); undefined when not tracked. */
  sessionId(): string | undefined;
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

/** What the intake answered: told by `watchIntake`. */
export interface IntakeHooks {
  /** A 4xx other than 408/429: the token or site is refused, and what was sent is lost. */
  rejected(httpStatus: number, url: string): void;
  /** A 2xx: the intake takes the logs (again). */
  accepted(): void;
}

/**
 * Datadog's SDK keeps the intake's answers to itself (a 403 for a wrong token or site is neither retried
 * nor reported), and its keepalive requests leave no resource-timing entry to read. So the page's `fetch`
 * is wrapped once, after consent: every call goes through untouched, and the answer to a request whose URL
 * starts with the intake's (the proxy, or the site's intake host) is looked at. The SDK reads `fetch` at
 * each send (bypassing Zone.js), so it goes through the wrapper. `sendBeacon` on page exit is not observed.
 */
function watchIntake(intake: string, hooks: IntakeHooks) {
  const original = window.fetch;
  window.fetch = function fetch(this: unknown, ...args: Parameters<typeof window.fetch>) {
    const answer = original.apply(this, args);
    const [input] = args;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(intake)) {
      answer.then(
        ({ status }) => {
          const path = url.split('?')[0] ?? url;
          if (status >= 400 && status < 500 && status !== 408 && status !== 429) hooks.rejected(status, path);
          else if (status >= 200 && status < 300) hooks.accepted();
        },
        () => undefined, // a network failure: the SDK retries it
      );
    }
    return answer;
  };
}

/** A Plinth log's own `usr` (`null`: nobody) rides under this key past the SDK, whose user context would replace it. */
const OWN_USER = '__plinth_usr';

let adapter: DatadogAdapter | undefined;
/** The SDK's own consent (`trackingConsent`) as last set here: Plinth's store, while a logger follows it. */
let granted = true;

/**
 * Initialises the SDK once per page (it is a page singleton: `window.DD_LOGS`); a second logger
 * shares the first one's SDK and configuration. A logger loads it only once its consent is granted, so
 * an SDK left `not-granted` by a logger that stopped following (unmounted while consent was withdrawn)
 * is granted again here: otherwise it would silently discard every log of the new one.
 */
export function startDatadog(options: DatadogOptions, hooks?: IntakeHooks): DatadogAdapter {
  if (adapter) {
    if (!granted) adapter.regrant();
    return adapter;
  }
  const filter = createLogFilter(options);
  const beforeSend = (event: Parameters<typeof filter>[0]) => {
    // A log made through Plinth names the user signed in when it was made (or the call's own `usr`), or
    // nobody: the SDK's user, which is who is signed in now, only names the errors it captures itself. The
    // SDK's anonymous visitor id stays.
    if (OWN_USER in event) {
      const own = event[OWN_USER] as LogContext | null;
      const anonymous = (event.usr as LogContext | undefined)?.anonymous_id;
      const usr = { ...(anonymous === undefined ? {} : { anonymous_id: anonymous }), ...own };
      if (Object.keys(usr).length > 0) event.usr = usr;
      else delete event.usr;
      delete event[OWN_USER];
    }
    return filter(event);
  };
  const site = options.site ?? 'datadoghq.com';
  if (hooks) watchIntake(options.proxy ? new URL(options.proxy, document.baseURI).href : intakeOrigin(site), hooks);
  datadogLogs.init({
    clientToken: options.clientToken,
    site,
    proxy: options.proxy,
    // An anonymous id in the session cookie: set only now that monitoring is granted, removed on revocation.
    trackAnonymousUser: options.trackAnonymousUser ?? true,
    service: options.service,
    env: options.env,
    version: options.version,
    // Plinth loads the SDK only once consent is granted; from then on the SDK's own consent follows the store:
    // `revoke` sets it 'not-granted' (the SDK discards what it collects itself, uncaught errors included), `regrant`
    // sets it 'granted' again (core's loader calls them at each revocation and re-grant).
    trackingConsent: 'granted',
    forwardErrorsToLogs: options.captureErrors !== false,
    forwardConsoleLogs: options.captureConsoleErrors ? ['error'] : [],
    // CSP violations (a `securitypolicyviolation` listener) and the Reporting API's deprecations and
    // interventions (a buffered ReportingObserver: those made before consent arrive too).
    forwardReports: options.captureReports === true ? 'all' : [...(options.captureReports || [])],
    sessionSampleRate: options.sessionSampleRate,
    telemetrySampleRate: options.telemetry ? 20 : 0, // the SDK's default is 20 %
    silentMultipleInit: true,
    beforeSend: (event) => beforeSend(event as unknown as Parameters<typeof beforeSend>[0]),
  });
  // The threshold is Plinth's, applied before the queue, and so is the console output (`config.console`: printed
  // at the call, before consent too). The main logger's handler stays `http`; its level goes down from `debug` to
  // the lowest status, `ok`, or the SDK would drop every `ok` log Plinth hands it.
  const { logger } = datadogLogs;
  logger.setLevel('ok');
  adapter = {
    log(entry, at) {
      // The SDK takes the event time from a `date` attribute: queued logs keep the time they were made at.
      const { usr, ...context } = entry.context;
      logger.log(
        entry.message,
        { ...context, [OWN_USER]: usr ?? null, date: at.getTime() },
        entry.level,
        entry.error as Error | undefined,
      );
    },
    globalContext: () => datadogLogs.getGlobalContext() as LogContext,
    setGlobalContext: (context) => datadogLogs.setGlobalContext(context),
    user: () => datadogLogs.getUser() as LogContext,
    setUser: (user) => datadogLogs.setUser(user),
    clearUser: () => datadogLogs.clearUser(),
    revoke() {
      granted = false;
      datadogLogs.setTrackingConsent('not-granted');
      clearStorage();
      // The SDK writes its expired-session cookie asynchronously, under a Web Lock on `_dd_s_v2`
      // when there is one: clear again once that write is done.
      if (navigator.locks) void navigator.locks.request(SESSION_KEYS[0]!, clearStorage).catch(() => undefined);
      else setTimeout(clearStorage, 0);
    },
    regrant() {
      granted = true;
      datadogLogs.setTrackingConsent('granted');
    },
    sessionId: () => datadogLogs.getInternalContext()?.session_id,
  };
  return adapter;
}
