import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * How every journey (Playwright) records: on a developer's machine a failed journey keeps its trace (DOM snapshots,
 * network, console: `playwright show-trace`); the screencast is left out (a quarter of the journeys' CPU on 2 cores).
 * In CI (`CI` set) no trace: what a CI run shows is its printed output, and recording every journey's DOM snapshots
 * cost about 4 % of the journeys' CPU (20 demo journeys: 80 → 76 and 84 → 81 CPU-s, 2026-11-28). To debug a journey
 * that failed in CI, run it locally, or with `--trace on`.
 */
export const JOURNEY_TRACE: NonNullable<PlaywrightTestConfig['use']>['trace'] = process.env.CI
  ? 'off'
  : { mode: 'retain-on-failure', screenshots: false, sources: false };
