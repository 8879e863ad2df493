import type { DropCounts, PlinthError, VendorLifecycle, VendorStatus } from '@plinth/core';
import type { ComponentProps } from 'react';
import {
  type BeforeSend,
  createLogger,
  type LogErrorField,
  type LogEvent,
  type Logger,
  type LoggerBase,
  type LoggerConfig,
  type LoggerProvider,
  type LogLevel,
  useLogger,
  useLoggerFailure,
  useLoggerStatus,
} from './index';
import { createLogger as createServerLogger } from './server';
import { createTestLogger } from './testing';

it("has one logging API in the browser, on the server and in tests; the browser instance adds core's lifecycle", () => {
  expectTypeOf(useLogger).returns.toEqualTypeOf<LoggerBase>();
  expectTypeOf(createServerLogger).returns.toEqualTypeOf<LoggerBase>();
  expectTypeOf(createTestLogger()).toExtend<Logger>();
  expectTypeOf(createLogger).returns.toEqualTypeOf<Logger>();
  expectTypeOf<Logger>().toExtend<LoggerBase>();
  expectTypeOf<Logger>().toExtend<VendorLifecycle>();
  expectTypeOf<Logger['start']>().returns.toEqualTypeOf<void>(); // not a promise: it never rejects
  expectTypeOf<Logger['status']>().returns.toEqualTypeOf<VendorStatus>();
  expectTypeOf<Logger['dropped']>().returns.toEqualTypeOf<DropCounts>(); // core's counts, `visitor` among them
  expectTypeOf(useLoggerStatus).returns.toEqualTypeOf<VendorStatus>();
  expectTypeOf(useLoggerFailure).returns.toEqualTypeOf<PlinthError | undefined>();
  expectTypeOf<LogLevel>().toEqualTypeOf<
    'ok' | 'debug' | 'info' | 'notice' | 'warn' | 'error' | 'critical' | 'alert' | 'emerg'
  >();
  expectTypeOf<LoggerBase['critical']>().toEqualTypeOf<LoggerBase['error']>();
  expectTypeOf<LoggerBase['sessionId']>().toEqualTypeOf<() => string | undefined>();
  expectTypeOf<LoggerBase['setLevel']>().parameters.toEqualTypeOf<[level: LogLevel | undefined]>();
  expectTypeOf<LoggerBase['error']>().parameters.toEqualTypeOf<
    [message: string, context?: Record<string, unknown>, error?: unknown]
  >();
});

it('takes one config type, consent optional in it; the provider takes an instance or a config, never both', () => {
  expectTypeOf<Parameters<typeof createLogger>[0]>().toEqualTypeOf<LoggerConfig>();
  expectTypeOf<{ clientToken: string }>().toExtend<LoggerConfig>(); // consent: the nearest ConsentProvider's
  type Props = ComponentProps<typeof LoggerProvider>;
  expectTypeOf<{ config: LoggerConfig }>().toExtend<Props>();
  expectTypeOf<{ config: { clientToken: string } }>().toExtend<Props>();
  expectTypeOf<{ instance: Logger }>().toExtend<Props>();
  expectTypeOf<{ instance: Logger; config: { clientToken: string } }>().not.toExtend<Props>();
  expectTypeOf<{ instance: LoggerBase }>().not.toExtend<Props>(); // a server logger has no lifecycle
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
  const logger = createTestLogger({ sessionId: 's' });
  // @ts-expect-error 'fatal' is not one of Datadog's statuses
  logger.setLevel('fatal');
  // @ts-expect-error nor a method
  logger.fatal('x');
});
