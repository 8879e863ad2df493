// `@plinth/user-agent/server`: pure functions for servers, React Server Components and edge
// middleware. This entry has no 'use client' directive and no React import, and keeps request
// header parsing out of the browser bundle.
export {
  type HeadersLike,
  USER_AGENT_HEADERS,
  userAgentFromHeaders,
  userAgentProps,
} from './headers';
export { isBot } from './isBot';
export { parseUserAgent } from './parseUserAgent';
export type { BrandVersion, ClientHints, DeviceType, UserAgent } from './types';
