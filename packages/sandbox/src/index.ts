export { CONTROL_PATH, HEARTBEAT_MS } from './control';
export { DEFAULT_BODY_LIMIT, readBody } from './http/body';
export { applyCors, type CorsOptions, isLoopbackOrigin, type OriginPolicy } from './http/cors';
export { type DecodedBody, type DecodeOptions, decodeBody, isGzip, parseForm } from './http/decode';
export { HttpError } from './http/HttpError';
export { REDACTED, redactHeaders, redactParams } from './http/redact';
export { DEFAULT_MAX_ENTRIES, type ReceivedFilter, type ReceivedRequest } from './recorder';
export { DEFAULT_PORT, type Sandbox, type SandboxOptions, startSandbox } from './startSandbox';
export { vendors } from './vendors/index';
export {
  DEFAULT_POST_LOGOUT_PATHS,
  DEFAULT_REDIRECT_PATHS,
  DEMO_CLIENT_ID,
  loopbackUris,
  OIDC_PATH,
  type OidcClientMetadata,
  oidc,
} from './vendors/oidc';
export type {
  EntryDraft,
  RequestInfo,
  ResolvedSandboxOptions,
  VendorContext,
  VendorEnv,
  VendorModule,
  VendorRoutes,
} from './vendors/types';
