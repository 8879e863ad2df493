import { freezeUserAgent, parseUserAgent } from './parseUserAgent';
import type { BrandVersion, ClientHints, DeviceType, UserAgent } from './types';

// Client-hint names → the names ua-parser-js 1.x uses, so enriched and plain results match.
const platformName = (platform: string) =>
  platform === 'macOS' ? 'Mac OS' : /^chrome ?os$/i.test(platform) ? 'Chromium OS' : platform;
const brandName = (brand: string) => brand.replace(/^(?:Google|Microsoft) /, '');

const clean = (value: unknown, max = 64): string | undefined =>
  (typeof value === 'string' && value.trim().slice(0, max)) || undefined;

/** "14.0.0" → "14", "13.1.0" → "13.1", "14.4.1" stays. */
const trimVersion = (version: string) => version.replace(/(?:\.0)+$/, '');

function browserFromBrands(current: UserAgent['browser'], list: readonly BrandVersion[] | undefined) {
  const entries = (Array.isArray(list) ? list : [])
    .slice(0, 16)
    .map((entry) => ({ brand: clean(entry?.brand) ?? '', version: clean(entry?.version) ?? '' }))
    // GREASE brands ("Not A;Brand", "Not/A)Brand", …) are noise by design.
    .filter((entry) => entry.brand && entry.version && !/not.a.brand/i.test(entry.brand));
  let match = entries.find((entry) => brandName(entry.brand) === current.name);
  if (!match && !current.name) match = entries.find((entry) => entry.brand !== 'Chromium') ?? entries[0];
  // A Chromium-based browser without its own brand (headless, some forks) shares Chromium's version.
  match ??= entries.find((entry) => entry.brand === 'Chromium' && entry.version.split('.')[0] === current.major);
  // Low-entropy brands carry only the major version: keep the string's version unless the hint says more.
  if (!match || (current.version && trimVersion(match.version).length <= trimVersion(current.version).length)) {
    return current;
  }
  return {
    name: current.name ?? brandName(match.brand),
    version: match.version,
    major: match.version.split('.')[0],
  };
}

/**
 * Merges user-agent client hints into a parse of the frozen string: platform version
 * (Windows 11 is `platformVersion` major ≥ 13), the real macOS/Android version, the device
 * model (and its vendor, looked up with the parser's own device table), the full browser
 * version, CPU architecture and the mobile flag. Hints win over the frozen string.
 */
export function applyClientHints(base: UserAgent, hints: ClientHints | undefined): UserAgent {
  if (!hints || typeof hints !== 'object') return base;
  const platform = clean(hints.platform);
  const osName = platform ? platformName(platform) : base.os.name;
  const platformVersion = clean(hints.platformVersion, 32);
  let osVersion = base.os.version;
  if (platformVersion && osName === base.os.name) {
    if (osName === 'Windows') {
      const major = Number.parseInt(platformVersion, 10);
      // 1–10 is Windows 10, ≥ 13 is Windows 11; 0.x is Windows 7/8/8.1, which the UA already tells.
      if (major >= 13) osVersion = '11';
      else if (major > 0) osVersion = '10';
    } else {
      osVersion = trimVersion(platformVersion);
    }
  } else if (osName !== base.os.name) {
    osVersion = platformVersion ? trimVersion(platformVersion) : undefined;
  }

  let device = base.device;
  const model = clean(hints.model)?.replace(/[;()]/g, '');
  if (model) {
    // Reuse the parser's device table: a synthetic Android UA gives "SM-S918B" → Samsung.
    const probe = parseUserAgent(
      `Android 14; ${model}) AppleWebKit ${hints.mobile === false ? '' : 'Mobile '}Safari`,
    ).device;
    device = {
      type: probe.type ?? device.type,
      vendor: probe.vendor ?? device.vendor,
      model,
    };
  }
  if (hints.mobile === true && !device.type) device = { ...device, type: 'mobile' as DeviceType };

  const arch = clean(hints.architecture)?.toLowerCase();
  const bits = clean(hints.bitness);
  const architecture =
    arch === 'x86'
      ? bits === '32'
        ? 'ia32'
        : 'amd64'
      : arch === 'arm' && bits === '64'
        ? 'arm64'
        : (arch ?? base.cpu.architecture);

  const next: UserAgent = {
    ua: base.ua,
    browser: browserFromBrands(base.browser, hints.fullVersionList?.length ? hints.fullVersionList : hints.brands),
    engine: base.engine,
    os: { name: osName, version: osVersion },
    device: { ...device },
    cpu: { architecture },
    isBot: base.isBot,
  };
  // Nothing learnt: hand back the (memoised) input so identity comparisons stay meaningful.
  return JSON.stringify(next) === JSON.stringify(base) ? base : freezeUserAgent(next);
}

/**
 * iPadOS 13+ Safari sends a Macintosh user agent. No Mac has a touch screen, so a "Macintosh"
 * with more than one touch point is an iPad: device → Apple iPad tablet, OS → iOS (the name
 * ua-parser-js gives older iPads), OS version from Safari's `Version/x.y` when present.
 */
export function applyTouchPoints(base: UserAgent, maxTouchPoints: number | undefined): UserAgent {
  if (!(typeof maxTouchPoints === 'number' && maxTouchPoints > 1) || base.device.model !== 'Macintosh') return base;
  const safari = /version\/([\d.]+)/i.exec(base.ua);
  return freezeUserAgent({
    ...base,
    os: { name: 'iOS', version: safari?.[1] },
    device: { type: 'tablet', vendor: 'Apple', model: 'iPad' },
  });
}
