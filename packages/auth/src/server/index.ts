/**
 * `@plinth/auth/server`: a token-mediating backend for providers that want a client secret (Google) and teams
 * that keep refresh tokens out of the browser. No React, no `'use client'`; Node ≥ 20 and edge runtimes.
 */
export { createTokenHandler, type TokenHandler, type TokenHandlerConfig } from './createTokenHandler';
export { type NodeRequest, type NodeResponse, toNodeHandler } from './node';
