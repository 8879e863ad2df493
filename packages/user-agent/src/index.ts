export { getUserAgent } from './getUserAgent';
export { isBot } from './isBot';
export { parseUserAgent } from './parseUserAgent';
export type { BrandVersion, ClientHints, DeviceType, UserAgent } from './types';
export { UserAgentProvider, type UserAgentProviderProps } from './UserAgentProvider';
export { useUserAgent } from './useUserAgent';
