// Runs in real Chromium (vitest.browser.config.ts): navigator.userAgentData is the real thing.
import { getUserAgent, parseUserAgent, useUserAgent } from './index';
import { resetUserAgent } from './testing';

interface RealUAData {
  brands: { brand: string; version: string }[];
  platform: string;
  getHighEntropyValues(hints: string[]): Promise<{
    fullVersionList: { brand: string; version: string }[];
    platformVersion: string;
    architecture: string;
    bitness: string;
  }>;
}

it("enriches the frozen string with Chromium's real high-entropy client hints", async () => {
  resetUserAgent();
  const data = (navigator as Navigator & { userAgentData?: RealUAData }).userAgentData;
  expect(data, 'Chromium exposes navigator.userAgentData').toBeDefined();
  const high = await data!.getHighEntropyValues(['fullVersionList', 'platformVersion', 'architecture', 'bitness']);
  const chromium = high.fullVersionList.find((entry) => entry.brand === 'Chromium');
  expect(chromium?.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

  const frozen = parseUserAgent(navigator.userAgent);
  const enriched = await getUserAgent();
  // Chromium's string says MAJOR.0.0.0; the hints give the real build, which getUserAgent reports.
  expect(frozen.browser.version).toMatch(/^\d+\.0\.0\.0$/);
  expect(enriched.browser.version).toBe(chromium!.version);
  expect(enriched.browser.major).toBe(chromium!.version.split('.')[0]);
  expect(enriched.browser.name).toBe(frozen.browser.name);
  expect(enriched.os.name).toBe(data!.platform === 'macOS' ? 'Mac OS' : data!.platform);
  if (high.architecture === 'x86' && high.bitness === '64') expect(enriched.cpu.architecture).toBe('amd64');
  // Headless Chromium is automation, not a person.
  expect(enriched.isBot).toBe(/headless/i.test(navigator.userAgent));
  expect(await getUserAgent()).toBe(enriched);
  expect(typeof useUserAgent).toBe('function');
});
