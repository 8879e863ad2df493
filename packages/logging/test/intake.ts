// Browser-side helpers: read what the sandbox's Datadog intake recorded, and make the SDK send now.
import { createTestConsent } from '@plinth/core/testing';
import { createLogger, type Logger, type LoggerBase, type LoggerConfig } from '../src/index';

export interface IntakeLog {
  message: string;
  status: string;
  date: number;
  origin?: string;
  service?: string;
  usr?: { id?: string; [key: string]: unknown };
  view?: { url?: string; referrer?: string };
  error?: { kind?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

export interface Recorded {
  route: string;
  status: number;
  body: IntakeLog;
}

export async function received(sandboxUrl: string): Promise<Recorded[]> {
  const res = await fetch(`${sandboxUrl}/_sandbox/received?vendor=datadog`);
  return (await res.json()) as Recorded[];
}

export const clearReceived = (sandboxUrl: string) =>
  fetch(`${sandboxUrl}/_sandbox/received`, { method: 'DELETE' }).then(() => undefined);

/** Logs that reached the intake (route `logs`). */
export const logsOf = async (sandboxUrl: string) =>
  (await received(sandboxUrl)).filter((entry) => entry.route === 'logs').map((entry) => entry.body);

/**
 * Makes the SDK send its batch now, with its own rules: a log over the 16 KiB request limit flushes
 * what is pending first (flushController's bytes_limit), then goes alone.
 */
export function flush(logger: LoggerBase, tag: string) {
  logger.info(`flush ${tag}`, { pad1: 'x'.repeat(9000), pad2: 'y'.repeat(9000) });
}

/** Resolves with the next uncaught error or rejection the page sees (and marks it handled, as a page's own handler would). */
export function nextPageError(): Promise<unknown> {
  return new Promise((resolve) => {
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
      event.preventDefault();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
      resolve('reason' in event ? event.reason : event.error);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
  });
}

/**
 * A logger with monitoring granted that posts to the sandbox's intake, started and `ready`: it loads the SDK
 * at consent (`loadOn: 'consent'`), not at its first log, for tests about what happens once it is there.
 */
export async function readyLogger(sandboxUrl: string, config: Omit<LoggerConfig, 'consent'>): Promise<Logger> {
  const logger = createLogger({
    console: false, // the console is watched for the logger's own warnings, not for its logs
    proxy: `${sandboxUrl}/datadog/intake`,
    consent: createTestConsent({ monitoring: 'granted' }),
    loadOn: 'consent',
    ...config,
  });
  logger.start();
  await expect.poll(() => logger.status()).toBe('ready');
  return logger;
}
