import { existsSync } from 'node:fs';

/**
 * How every browser test, story test, journey and bench launches Chromium: `CHROMIUM_PATH`, else
 * Debian's /usr/bin/chromium, else Playwright's own browser (a laptop after `npx playwright install chromium`).
 * Plain JavaScript so Node scripts (benches) and TypeScript configs share it.
 * @returns {{ executablePath?: string; args: string[] }}
 */
export function chromiumLaunchOptions() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const executablePath = candidates.find((path) => !!path && existsSync(path));
  return {
    ...(executablePath ? { executablePath } : {}),
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
