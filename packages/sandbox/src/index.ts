export { CONTROL_PATH } from './control';
export { DEFAULT_BODY_LIMIT, readBody } from './http/body';
export { applyCors, type CorsOptions, isLoopbackOrigin, type OriginPolicy } from './http/cors';
export { type DecodedBody, type DecodeOptions, decodeBody, isGzip, parseForm } from './http/decode';
export { HttpError } from './http/HttpError';
export { isSecretParam, REDACTED, redactHeaders, redactParams, SECRET_PARAMS } from './http/redact';
export { HEARTBEAT_MS, SseHub, type SseOptions, type SseStream } from './http/sse';
export { type ProvidingProject, provideSandbox } from './provideSandbox';
export { DEFAULT_MAX_ENTRIES, type ReceivedFilter, type ReceivedRequest } from './recorder';
export { DEFAULT_PORT, type Sandbox, type SandboxOptions, startSandbox } from './startSandbox';
export { type CollectExposed, type CollectOptions, collect } from './vendors/collect';
export { type DefaultVendors, vendors } from './vendors/index';
export {
  type AccountClaims,
  accountClaims,
  CONSUMERS_TENANT,
  DEFAULT_POST_LOGOUT_PATHS,
  DEFAULT_REDIRECT_PATHS,
  DEMO_CLIENT_ID,
  loopbackUris,
  OIDC_PATH,
  OIDC_PROFILES,
  type OidcClientMetadata,
  type OidcExposed,
  type OidcOptions,
  type OidcProfile,
  oidc,
} from './vendors/oidc';
export type {
  AnyVendorModule,
  ControlContext,
  EntryDraft,
  ExposedOf,
  HandlerContext,
  OptionsOf,
  RequestInfo,
  SandboxSettings,
  VendorContext,
  VendorEnv,
  VendorInstance,
  VendorModule,
  VendorOptionsOf,
  VendorsExposed,
} from './vendors/types';
