import { type PlinthError, useVendorFailure, useVendorStatus, type VendorStatus } from '@plinth/core';
import { useLoggerInstance } from './LoggerContext';

/**
 * Where the nearest `LoggerProvider`'s Datadog SDK is (core's `VendorStatus`: `waiting-consent`, `ready`,
 * `denied`, `blocked`, `rejected`…), re-rendering on change. `idle` on the server and during hydration.
 */
export function useLoggerStatus(): VendorStatus {
  return useVendorStatus(useLoggerInstance('useLoggerStatus'));
}

/**
 * Why the nearest `LoggerProvider`'s SDK failed, was blocked, timed out or was refused by the intake (a
 * `PlinthError` of source `loader`); `undefined` otherwise (a denial is a choice, not a failure).
 */
export function useLoggerFailure(): PlinthError | undefined {
  return useVendorFailure(useLoggerInstance('useLoggerFailure'));
}
