import type {
  ConsentCategory,
  ConsentStore,
  DropCounts,
  PlinthError,
  PlinthUser,
  ScrubOptions,
  SessionChannel,
  VendorLifecycle,
} from '@plinth/core';
import type { DatadogSite } from './site';

/**
 * Log levels, lowest first: Datadog's statuses (`ok` < `debug` < `info` < `notice` < `warn` < `error` <
 * `critical` < `alert` < `emerg`), so a monitor keyed on `status:critical` sees Plinth's logs. A logger drops
 * everything below its `level`.
 */
export type LogLevel = 'ok' | 'debug' | 'info' | 'notice' | 'warn' | 'error' | 'critical' | 'alert' | 'emerg';

/** Structured attributes attached to a log (flattened into the log event, as Datadog does). */
export type LogContext = Record<string, unknown>;

/** One log as the logger hands it on: to the SDK in the browser, to stdout on the server, to `.entries` in tests. */
export interface LogEntry {
  level: LogLevel;
  message: string;
  /** Global context, then the child's bound context, then the call's own context (later keys win). */
  context: LogContext;
  /** The error passed to the call, if any. */
  error?: unknown;
  /** When the call was made (queued logs keep it as their timestamp). */
  at: Date;
}

/**
 * One browser log as it is about to leave for the intake: the event the SDK built, already scrubbed. The
 * app's `beforeSend` reads it and may edit it in place; the context keys of the call are top-level keys.
 */
export interface LogEvent {
  message: string;
  /** A `LogLevel` (`'critical'`, …); the SDK's own captures use `debug`, `info`, `warn` and `error`. */
  status: string;
  /** Milliseconds since the epoch: when the log was made. */
  date: number;
  /** `'logger'` (your calls), `'source'` (uncaught errors), `'network'`, `'console'`, `'report'` (browser reports). */
  origin?: string;
  service?: string;
  usr?: LogContext;
  view?: { url?: string; referrer?: string };
  error?: LogErrorField;
  [key: string]: unknown;
}

/** One link of an error's `cause` chain, as Datadog's `error.causes` holds it (no `kind`: Datadog says `type`). */
export interface LogErrorCause {
  message: string;
  /** Where the error was seen: `'logger'` for a logged error (the SDK's `ErrorSource`). */
  source: string;
  /** The cause's `name` (`'TypeError'`), when it is an `Error`. */
  type?: string;
  stack?: string;
}

/** An error as Datadog reads it: `error.kind`, `error.message`, `error.stack`, the `cause` chain and a fingerprint. */
export interface LogErrorField {
  kind?: string;
  message?: string;
  stack?: string;
  /** The `cause` chain, outermost first, at most 10 (Datadog's limit); it stops at a cause that is not an `Error`. */
  causes?: LogErrorCause[];
  /** From the error's `dd_fingerprint` property: errors with the same fingerprint are grouped in Error Tracking. */
  fingerprint?: string;
  [key: string]: unknown;
}

/** `false` drops the log; anything else sends it, with the edits made to `event`. */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook that only edits (no return statement) is declared `void`
export type BeforeSend = (event: LogEvent) => boolean | undefined | void;

/** The browser reports the SDK can forward: `securitypolicyviolation` events and the Reporting API's types. */
export type BrowserReportType = 'csp_violation' | 'deprecation' | 'intervention';

/**
 * The logging API, the same in the browser, on the server and in tests: what `useLogger()`, `child()` and
 * `@plinth/logging/server`'s `createLogger` return. The browser's `Logger` adds its lifecycle to it.
 */
export interface LoggerBase {
  /** The threshold now: calls below it are dropped before anything else happens (its own, else its parent's). */
  readonly level: LogLevel;
  /**
   * Changes the threshold at run time (Datadog's `logger.setLevel`), for this logger and the children that
   * did not set their own. `undefined` goes back to the parent's level (the configured one for the root).
   */
  setLevel(level: LogLevel | undefined): void;
  ok(message: string, context?: LogContext, error?: unknown): void;
  debug(message: string, context?: LogContext, error?: unknown): void;
  info(message: string, context?: LogContext, error?: unknown): void;
  notice(message: string, context?: LogContext, error?: unknown): void;
  warn(message: string, context?: LogContext, error?: unknown): void;
  error(message: string, context?: LogContext, error?: unknown): void;
  critical(message: string, context?: LogContext, error?: unknown): void;
  alert(message: string, context?: LogContext, error?: unknown): void;
  emerg(message: string, context?: LogContext, error?: unknown): void;
  /**
   * The Datadog session id of the logs sent now (Datadog's `getInternalContext().session_id`), to correlate
   * with a support ticket or a backend trace. `undefined` before monitoring consent, while the SDK loads and
   * until it has started its session (asynchronously, just after `ready`), when consent is withdrawn, when the
   * session is not sampled, on the server and in tests (unless the recording logger is given one). It changes
   * when Datadog starts a new session: read it when you need it.
   */
  sessionId(): string | undefined;
  /** A logger that adds `context` to every log (`{ component: 'Checkout' }`); it shares the user and global context and inherits the level. */
  child(context: LogContext): LoggerBase;
  /**
   * Adds `key: value` to every later log of this logger and its children (and, in the browser, to captured errors).
   * In the browser it is core's visitor's `properties` (`channel.visitor.update({ properties })`: PostHog's super
   * properties too), emptied when an identified person leaves; on the server and in tests, the logger's own.
   */
  setGlobalContext(key: string, value: unknown): void;
  /** Removes `key` from the global context (in the browser, from the visitor's `properties`). */
  removeGlobalContext(key: string): void;
}

/** `createLogger`'s and `LoggerProvider`'s config. */
export interface LoggerConfig {
  /** Calls below this level are dropped. Default `'info'`. */
  level?: LogLevel;
  service?: string;
  env?: string;
  version?: string;
  /**
   * The logger's own context on every log and captured error (`{ app: 'shop' }`), beneath the visitor's
   * `properties` (`setGlobalContext`). It is configuration: a sign-out keeps it, `removeGlobalContext` does not remove it.
   */
  context?: LogContext;
  /** Extra URL parameter names or patterns the scrubber removes (on top of core's list). */
  scrub?: ScrubOptions;
  /** Datadog client token (public; it identifies the intake, it is not a secret). */
  clientToken: string;
  /**
   * The Datadog site the client token belongs to (`'datadoghq.eu'`, `'us5.datadoghq.com'`, …; README, "Going
   * live"). Default `'datadoghq.com'` (US1). Logs sent to another site's intake are refused (403).
   */
  site?: DatadogSite;
  /**
   * Intake proxy URL, absolute or a path on the page's own origin (`'/dd'`): the SDK posts to
   * `<proxy>?ddforward=<encoded intake path>` instead of Datadog (a first-party endpoint, or
   * `@plinth/sandbox`'s `/datadog/intake` in development and tests).
   */
  proxy?: string;
  /**
   * Keep an anonymous visitor id in Datadog's session cookie (`_dd_s_v2`, the SDK's `trackAnonymousUser`),
   * so logs of one browser can be linked across sessions. Only ever set once monitoring consent is granted,
   * and removed with the cookie when it is withdrawn. Default true.
   */
  trackAnonymousUser?: boolean;
  /**
   * The consent store to follow (category `consentCategory`), or `false` when logging needs no consent.
   * `LoggerProvider` takes the nearest `ConsentProvider`'s when it is not given; `createLogger` without
   * one throws (`PlinthError`, code `consent_required`). Nothing is downloaded or sent until the category
   * is granted.
   */
  consent?: ConsentStore | false;
  /** Default `'monitoring'`. */
  consentCategory?: ConsentCategory;
  /** Forward uncaught errors and unhandled rejections (the SDK's `forwardErrorsToLogs`, plus failed requests). Default true. */
  captureErrors?: boolean;
  /** Forward `console.error` calls. Default false. */
  captureConsoleErrors?: boolean;
  /**
   * Forward the browser's reports (the SDK's `forwardReports`): CSP violations (`error`), deprecations
   * (`warn`) and interventions (`error`), with `origin: 'report'`. `true` for all three. Default false.
   */
  captureReports?: boolean | readonly BrowserReportType[];
  /**
   * Also print each log to the browser console, at the call (before consent too: nothing leaves the page),
   * scrubbed; `'only'` prints and never loads the SDK nor sends anything. Default: on in development
   * (`process.env.NODE_ENV !== 'production'`), off in production builds.
   */
  console?: boolean | 'only';
  /**
   * The app's own last look at each log before it is sent, run after Plinth's scrubber and filters (it
   * sees scrubbed data); what it adds is scrubbed again. Return `false` to drop the log; edit `event` in
   * place to change it. A hook that throws does not drop the log (it is sent, scrubbed) and is reported once
   * (a development warning and an `error` report on core's channel).
   */
  beforeSend?: BeforeSend;
  /** Drop errors whose stack frames all come from browser extensions. Default true. */
  dropExtensionErrors?: boolean;
  /** The same error (kind, message, first frame) is sent at most this many times per page. Default 10. */
  maxRepeats?: number;
  /**
   * What of the signed-in user goes on every log and on the SDK's user, over the visitor's `attributes` (the
   * user fields). Default the id only: `(user) => ({ id: user.id })`.
   */
  user?: (user: PlinthUser) => LogContext;
  /**
   * The session channel whose `exception` and `report` events are logged; `false` for none. Default the page's.
   * Who is here is always the page's visitor (`channel.visitor` of `@plinth/core`), as core's loader reads it.
   */
  channel?: SessionChannel | false;
  /** Percentage of sessions whose logs are sent. Default 100. */
  sessionSampleRate?: number;
  /** Let the SDK send its own usage telemetry to Datadog (`/api/v2/rum`). Default false. */
  telemetry?: boolean;
  /** Logs kept while the SDK loads or consent is pending; past it the oldest go. Default 100. */
  queueLimit?: number;
  /**
   * When Datadog's SDK (~25 KB gz) is downloaded once monitoring is granted: `'first-event'` at the first log or
   * captured error (Sentry's lazy loader: a visitor who never logs never downloads it; what comes before it
   * arrives is kept and sent with its original time), `'consent'` at the grant. Default `'first-event'`, but
   * `'consent'` when `captureConsoleErrors` or `captureReports` is set: the SDK watches those itself.
   */
  loadOn?: 'first-event' | 'consent';
}

/**
 * What `createLogger` returns: the logging API plus core's lifecycle (`LoggerProvider` drives it). `status()`
 * is core's `VendorStatus` (`waiting-consent`, `ready`, `denied`, `blocked`, …; `rejected` when the intake
 * refused the client token or site), `failure()` says why it failed, was blocked, timed out or was refused.
 */
export interface Logger extends LoggerBase, VendorLifecycle {
  /** Follow consent and the session channel, and load the SDK once allowed. Idempotent; a no-op on the server; never rejects. */
  start(): void;
  /**
   * Stop following consent grants and the channel's errors and reports. The SDK and queued logs stay for a
   * later `start()`; changes of core's visitor (sign-ins, sign-outs) and consent revocations still reach the SDK
   * (it may still capture errors: none names a user who signed out, none goes without consent).
   */
  stop(): void;
  failure(): PlinthError | undefined;
  /**
   * Logs dropped since creation, by reason (core's `DropCounts`): `overflow`, `denied`, `failed`, and `visitor`
   * (queued when their person left: a sign-out, another user; core's one rule for queued events).
   */
  dropped(): DropCounts;
}
