import type { ComponentProps } from 'react';
import {
  type BeforeSend,
  type BrowserLogger,
  createLogger,
  type LogErrorField,
  type LogEvent,
  type Logger,
  type LoggerConfig,
  type LoggingProvider,
  type LogLevel,
  useLogger,
} from './index';
import { createLogger as createServerLogger } from './server';
import { createRecordingLogger } from './testing';

it('has one Logger API in the browser, on the server and in tests', () => {
  expectTypeOf(useLogger).returns.toEqualTypeOf<Logger>();
  expectTypeOf(createServerLogger).returns.toEqualTypeOf<Logger>();
  expectTypeOf(createRecordingLogger()).toExtend<Logger>();
  expectTypeOf(createLogger).returns.toEqualTypeOf<BrowserLogger>();
  expectTypeOf<BrowserLogger>().toExtend<Logger>();
  expectTypeOf<LogLevel>().toEqualTypeOf<
    'ok' | 'debug' | 'info' | 'notice' | 'warn' | 'error' | 'critical' | 'alert' | 'emerg'
  >();
  expectTypeOf<Logger['critical']>().toEqualTypeOf<Logger['error']>();
  expectTypeOf<Logger['sessionId']>().toEqualTypeOf<() => string | undefined>();
  expectTypeOf<Logger['setLevel']>().parameters.toEqualTypeOf<[level: LogLevel | undefined]>();
  expectTypeOf<Logger['error']>().parameters.toEqualTypeOf<
    [message: string, context?: Record<string, unknown>, error?: unknown]
  >();
});

it('requires a consent decision from createLogger, and a logger or a config (never both) from the provider', () => {
  // @ts-expect-error consent is required: a store, or false
  createLogger({ clientToken: 't' });
  type Props = ComponentProps<typeof LoggingProvider>;
  expectTypeOf<{ config: { clientToken: string } }>().toExtend<Props>();
  expectTypeOf<{ logger: BrowserLogger }>().toExtend<Props>();
  expectTypeOf<{ logger: BrowserLogger; config: { clientToken: string } }>().not.toExtend<Props>();
  expectTypeOf<{ config: { clientToken: string; level: 'verbose' } }>().not.toExtend<Props>();
});

it('types the new options: beforeSend (drop with false, or edit), console, captureReports', () => {
  function tag(event: LogEvent) {
    event.team = 'payments'; // an edit-only hook, declared without a return
  }
  expectTypeOf(tag).toExtend<BeforeSend>();
  expectTypeOf((event: LogEvent) => event.status !== 'debug').toExtend<BeforeSend>();
  expectTypeOf<(event: LogEvent) => string>().not.toExtend<BeforeSend>();
  expectTypeOf<LoggerConfig['console']>().toEqualTypeOf<boolean | 'only' | undefined>();
  expectTypeOf<{ captureReports: ['csp_violation', 'deprecation'] }>().toExtend<Partial<LoggerConfig>>();
  // a typo in a report type is a compile error
  expectTypeOf<{ captureReports: ['csp-violation'] }>().not.toExtend<Partial<LoggerConfig>>();
  expectTypeOf<{ console: 'verbose' }>().not.toExtend<Partial<LoggerConfig>>();
});

it('types the error field as Datadog has it (causes, fingerprint) and rejects an unknown level', () => {
  expectTypeOf<NonNullable<LogEvent['error']>>().toEqualTypeOf<LogErrorField>();
  expectTypeOf<NonNullable<LogErrorField['causes']>[number]>().toEqualTypeOf<{
    message: string;
    source: string;
    type?: string;
    stack?: string;
  }>();
  expectTypeOf<LogErrorField['fingerprint']>().toEqualTypeOf<string | undefined>();
  const logger = createRecordingLogger({ sessionId: 's' });
  // @ts-expect-error 'fatal' is not one of Datadog's statuses
  logger.setLevel('fatal');
  // @ts-expect-error nor a method
  logger.fatal('x');
});
