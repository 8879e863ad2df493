/** Device classes as ua-parser-js 1.x names them; `undefined` usually means a desktop. */
export type DeviceType = 'console' | 'mobile' | 'tablet' | 'smarttv' | 'wearable' | 'embedded';

/**
 * What `parseUserAgent`, `getUserAgent` and `useUserAgent` return. Every field is always
 * present; what could not be determined is `undefined` (never an exception). Results are
 * shared between callers (memoised) and therefore frozen.
 */
export interface UserAgent {
  /** The string that was parsed, after truncation to 512 characters. */
  readonly ua: string;
  readonly browser: Readonly<{ name: string | undefined; version: string | undefined; major: string | undefined }>;
  readonly engine: Readonly<{ name: string | undefined; version: string | undefined }>;
  readonly os: Readonly<{ name: string | undefined; version: string | undefined }>;
  readonly device: Readonly<{ type: DeviceType | undefined; vendor: string | undefined; model: string | undefined }>;
  readonly cpu: Readonly<{ architecture: string | undefined }>;
  /** Crawlers, link previewers, headless browsers and command-line HTTP clients (see `isBot`). */
  readonly isBot: boolean;
}

/** One entry of a brand list (`Sec-CH-UA`, `Sec-CH-UA-Full-Version-List`, `navigator.userAgentData`). */
export interface BrandVersion {
  brand: string;
  version: string;
}

/**
 * User-agent client hints, as `navigator.userAgentData` / `getHighEntropyValues` report them
 * or as parsed from the `Sec-CH-UA-*` request headers. All optional.
 */
export interface ClientHints {
  brands?: readonly BrandVersion[];
  fullVersionList?: readonly BrandVersion[];
  mobile?: boolean;
  platform?: string;
  platformVersion?: string;
  model?: string;
  architecture?: string;
  bitness?: string;
}
