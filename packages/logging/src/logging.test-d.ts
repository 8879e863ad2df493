import type { ComponentProps } from 'react';
import { type BrowserLogger, createLogger, type Logger, type LoggingProvider, type LogLevel, useLogger } from './index';
import { createLogger as createServerLogger } from './server';
import { createRecordingLogger } from './testing';

it('has one Logger API in the browser, on the server and in tests', () => {
  expectTypeOf(useLogger).returns.toEqualTypeOf<Logger>();
  expectTypeOf(createServerLogger).returns.toEqualTypeOf<Logger>();
  expectTypeOf(createRecordingLogger()).toExtend<Logger>();
  expectTypeOf(createLogger).returns.toEqualTypeOf<BrowserLogger>();
  expectTypeOf<BrowserLogger>().toExtend<Logger>();
  expectTypeOf<LogLevel>().toEqualTypeOf<'debug' | 'info' | 'warn' | 'error'>();
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
