/**
 * The root README's vocabulary, checked by the compiler across every vendor package: one status type (core's
 * `VendorStatus`) behind each status hook, one failure type behind each failure hook, one lifecycle on each
 * instance, one provider shape (`instance` or `config`, never both). The demo is where every package meets.
 */
import { type Analytics, type AnalyticsProvider, useAnalyticsFailure, useAnalyticsStatus } from '@plinth/analytics';
import { type Auth, type AuthProvider, useAuthFailure } from '@plinth/auth';
import type { PlinthError, VendorLifecycle, VendorStatus } from '@plinth/core';
import { type Flags, type FlagsProvider, useFlagsFailure, useFlagsStatus } from '@plinth/flags';
import { type Logger, type LoggerProvider, useLoggerFailure, useLoggerStatus } from '@plinth/logging';
import type { ComponentProps } from 'react';
import { expectTypeOf } from 'vitest';

expectTypeOf(useAnalyticsStatus).returns.toEqualTypeOf<VendorStatus>();
expectTypeOf(useFlagsStatus).returns.toEqualTypeOf<VendorStatus>();
expectTypeOf(useLoggerStatus).returns.toEqualTypeOf<VendorStatus>();

expectTypeOf(useAnalyticsFailure).returns.toEqualTypeOf<PlinthError | undefined>();
expectTypeOf(useFlagsFailure).returns.toEqualTypeOf<PlinthError | undefined>();
expectTypeOf(useLoggerFailure).returns.toEqualTypeOf<PlinthError | undefined>();
expectTypeOf(useAuthFailure).returns.toExtend<PlinthError | undefined>();

expectTypeOf<Analytics>().toExtend<VendorLifecycle>();
expectTypeOf<Flags>().toExtend<VendorLifecycle>();
expectTypeOf<Logger>().toExtend<VendorLifecycle>();
expectTypeOf<Auth>().toHaveProperty('start');
expectTypeOf<Auth>().toHaveProperty('stop');

expectTypeOf<ComponentProps<typeof AnalyticsProvider>>().toHaveProperty('instance');
expectTypeOf<ComponentProps<typeof FlagsProvider>>().toHaveProperty('instance');
expectTypeOf<ComponentProps<typeof LoggerProvider>>().toHaveProperty('instance');
expectTypeOf<ComponentProps<typeof AuthProvider>>().toHaveProperty('instance');
expectTypeOf<ComponentProps<typeof AnalyticsProvider>>().toHaveProperty('config');
expectTypeOf<ComponentProps<typeof FlagsProvider>>().toHaveProperty('config');
expectTypeOf<ComponentProps<typeof LoggerProvider>>().toHaveProperty('config');
expectTypeOf<ComponentProps<typeof AuthProvider>>().toHaveProperty('config');
