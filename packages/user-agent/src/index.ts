export { getUserAgent } from './getUserAgent';
export {
  type HeadersLike,
  pickUserAgentHeaders,
  USER_AGENT_HEADERS,
  type UserAgentHeaders,
  userAgentFromHeaders,
} from './headers';
export { isBot } from './isBot';
export { parseUserAgent } from './parseUserAgent';
export type { BrandVersion, ClientHints, DeviceType, UserAgent } from './types';
export { UserAgentProvider, type UserAgentProviderProps } from './UserAgentProvider';
export { useUserAgent } from './useUserAgent';
