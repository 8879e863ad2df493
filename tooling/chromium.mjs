import { existsSync } from 'node:fs';

/**
 * How every browser test, story test, journey and bench launches Chromium. `shell` (the default): Debian's
 * headless shell (`apt-get install chromium-headless-shell`: the same Blink and V8 as the browser without its
 * window machinery; the journeys take half the CPU of the full browser's headless mode). `browser`, where the
 * full browser's own behaviour is the subject (its reduced user-agent string, the benchmarks): Debian's
 * /usr/bin/chromium. `CHROMIUM_PATH` overrides both; with neither installed, Playwright's own (a laptop after
 * `npx playwright install chromium`). Plain JavaScript so Node scripts (benches) and TypeScript configs share it.
 * @param {'shell' | 'browser'} [kind]
 * @returns {{ executablePath?: string; channel?: string; args: string[] }}
 */
export function chromiumLaunchOptions(kind = 'shell') {
  const browsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const candidates = [
    process.env.CHROMIUM_PATH,
    // The binary itself: /usr/bin/chromium-headless-shell is a shell script that starts it.
    ...(kind === 'shell' ? ['/usr/lib/chromium/chromium-headless-shell'] : []),
    ...browsers,
  ];
  const executablePath = candidates.find((path) => !!path && existsSync(path));
  return {
    // Playwright's `chromium` channel is its full browser (its default headless mode is its headless shell).
    ...(executablePath ? { executablePath } : kind === 'browser' ? { channel: 'chromium' } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}

/**
 * For reference images: text drawn the same way in every frame and run (no LCD antialiasing, no hinting), colours
 * untouched, one device pixel per CSS pixel, so a screenshot compares pixel for pixel (the story tests' and the
 * docs pages' visual regression).
 */
export const STABLE_PIXELS_ARGS = [
  '--disable-lcd-text',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--force-device-scale-factor=1',
];
