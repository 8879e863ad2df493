/**
 * The root README's vocabulary ("One vocabulary"), every row checked by the compiler across every vendor
 * package, in the table's order. The demo is where every package meets.
 */
import {
  type Analytics,
  type AnalyticsConfig,
  type AnalyticsProvider,
  createAnalytics,
  useAnalyticsFailure,
  useAnalyticsStatus,
} from '@plinth/analytics';
import { createTestAnalytics, resetAnalytics, type TestAnalyticsProvider } from '@plinth/analytics/testing';
import { type Auth, type AuthConfig, type AuthProvider, createAuth, useAuthFailure } from '@plinth/auth';
import { createTestAuth, resetAuth, type TestAuthProvider } from '@plinth/auth/testing';
import {
  type ConfigErrorCode,
  type ConsentConfig,
  type ConsentProvider,
  type ConsentStore,
  createConsent,
  type DropCounts,
  type PlinthError,
  type VendorErrorCode,
  type VendorLifecycle,
  type VendorLoader,
  type VendorLoaderConfig,
  type VendorStatus,
  type VisitorStore,
  type VisitorUpdate,
} from '@plinth/core';
import { createTestConsent, resetChannel, TestConsentProvider } from '@plinth/core/testing';
import {
  createFlags,
  type Flags,
  type FlagsConfig,
  type FlagsProvider,
  useFlagsFailure,
  useFlagsStatus,
} from '@plinth/flags';
import { createTestFlags, resetFlags, type TestFlagsProvider } from '@plinth/flags/testing';
import {
  createLogger,
  type Logger,
  type LoggerConfig,
  type LoggerProvider,
  useLoggerFailure,
  useLoggerStatus,
} from '@plinth/logging';
import { createTestLogger, resetLogger, type TestLoggerProvider } from '@plinth/logging/testing';
import type { ComponentProps } from 'react';
import { expectTypeOf } from 'vitest';
// The vendor side is internal: reached by path, as the table names it.
import type { PosthogAdapter } from '../../../packages/analytics/src/adapter/types';
import type { OidcAdapter } from '../../../packages/auth/src/types';
import type { LaunchDarklyAdapter } from '../../../packages/flags/src/adapter/launchdarkly';
import type { DatadogAdapter } from '../../../packages/logging/src/adapter/datadog';

// factory → instance, and config type
expectTypeOf(createAnalytics).returns.toEqualTypeOf<Analytics>();
expectTypeOf(createFlags).returns.toEqualTypeOf<Flags>();
expectTypeOf(createLogger).returns.toEqualTypeOf<Logger>();
expectTypeOf(createAuth).returns.toEqualTypeOf<Auth>();
expectTypeOf(createAnalytics).parameter(0).toEqualTypeOf<AnalyticsConfig>();
expectTypeOf<FlagsConfig>().toExtend<Parameters<typeof createFlags>[0]>();
expectTypeOf(createLogger).parameter(0).toEqualTypeOf<LoggerConfig>();
expectTypeOf(createAuth).parameter(0).toEqualTypeOf<AuthConfig>();
expectTypeOf(createConsent).parameter(0).toEqualTypeOf<ConsentConfig | undefined>();
expectTypeOf<ComponentProps<typeof ConsentProvider>>().toHaveProperty('config');
expectTypeOf<ComponentProps<typeof ConsentProvider>>().not.toHaveProperty('options');

// consent: a store, or `false` for none (optional in the config: the provider takes the nearest ConsentProvider's)
expectTypeOf<AnalyticsConfig['consent']>().toEqualTypeOf<ConsentStore | false | undefined>();
expectTypeOf<FlagsConfig['consent']>().toEqualTypeOf<ConsentStore | false | undefined>();
expectTypeOf<LoggerConfig['consent']>().toEqualTypeOf<ConsentStore | false | undefined>();
expectTypeOf<AuthConfig>().not.toHaveProperty('consent');

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

// the visitor: one store in core, one writer for the app's slices; the packages' writers are thin calls to it
expectTypeOf<VisitorStore['update']>().parameters.toEqualTypeOf<[update: VisitorUpdate]>();
expectTypeOf<Analytics['group']>().toBeFunction();
expectTypeOf<Analytics['register']>().toBeFunction();
expectTypeOf<Analytics['setPersonProperties']>().toBeFunction();
expectTypeOf<Flags['setContext']>().toBeFunction();
expectTypeOf<Flags['setUserAttributes']>().toBeFunction();
expectTypeOf<Logger['setGlobalContext']>().toBeFunction();
// one reconcile step per vendor, run by core's loader
expectTypeOf<NonNullable<VendorLoaderConfig<PosthogAdapter>['reconcile']>>().toBeFunction();

// queued events: one rule, one count by reason
expectTypeOf<Analytics['dropped']>().returns.toEqualTypeOf<DropCounts>();
expectTypeOf<Flags['dropped']>().returns.toEqualTypeOf<DropCounts>();
expectTypeOf<Logger['dropped']>().returns.toEqualTypeOf<DropCounts>();
expectTypeOf<keyof DropCounts>().toEqualTypeOf<'overflow' | 'denied' | 'failed' | 'visitor'>();

// listening: `subscribe…(listener)` returns the unsubscribe function
expectTypeOf<Analytics['subscribeStatus']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Flags['subscribeStatus']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Logger['subscribeStatus']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Analytics['subscribeSessionId']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<VisitorStore['subscribe']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<ConsentStore['subscribe']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Auth['subscribe']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Flags['subscribe']>().returns.toEqualTypeOf<() => void>();
expectTypeOf<Analytics>().not.toHaveProperty('onSessionId');

// testing entry: create…, Test…Provider (an `instance`, or the fake's options), reset…
expectTypeOf(createTestConsent).toBeFunction();
expectTypeOf(resetChannel).toBeFunction();
expectTypeOf(TestConsentProvider).toBeFunction();
expectTypeOf(resetAnalytics).returns.toEqualTypeOf<void>();
expectTypeOf(resetFlags).returns.toEqualTypeOf<void>();
expectTypeOf(resetLogger).returns.toEqualTypeOf<void>();
expectTypeOf(resetAuth).returns.toEqualTypeOf<void>();
expectTypeOf<Parameters<typeof TestAnalyticsProvider>[0]>().toHaveProperty('instance');
expectTypeOf<Parameters<typeof TestFlagsProvider>[0]>().toHaveProperty('instance');
expectTypeOf<Parameters<typeof TestLoggerProvider>[0]>().toHaveProperty('instance');
expectTypeOf<Parameters<typeof TestAuthProvider>[0]>().toHaveProperty('instance');
expectTypeOf({ status: 'blocked' as const }).toExtend<Parameters<typeof TestAnalyticsProvider>[0]>();
expectTypeOf({ status: 'blocked' as const }).toExtend<Parameters<typeof TestFlagsProvider>[0]>();
expectTypeOf({ status: 'blocked' as const }).toExtend<Parameters<typeof TestLoggerProvider>[0]>();
expectTypeOf(createTestAnalytics).returns.toExtend<Analytics>();
expectTypeOf(createTestFlags).returns.toExtend<Flags>();
expectTypeOf(createTestLogger).returns.toExtend<Logger>();
expectTypeOf(createTestAuth).returns.toExtend<Auth>();

// vendor side (internal): one adapter per vendor, named `<Vendor>Adapter`, in the file the table names
expectTypeOf<PosthogAdapter>().toBeObject();
expectTypeOf<LaunchDarklyAdapter>().toBeObject();
expectTypeOf<DatadogAdapter>().toBeObject();
expectTypeOf<OidcAdapter>().toBeObject();

// errors: the same mistake, the same source and code everywhere
expectTypeOf<
  'consent_required' | 'missing_option' | 'invalid_option' | 'unknown_category' | 'visitor_group'
>().toEqualTypeOf<ConfigErrorCode>();
expectTypeOf<VendorErrorCode>().toEqualTypeOf<'failed' | 'blocked' | 'timeout' | 'rejected'>();
expectTypeOf<ReturnType<VendorLoader<PosthogAdapter>['failure']>>().toEqualTypeOf<
  PlinthError<'loader', VendorErrorCode> | undefined
>();
