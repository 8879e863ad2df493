import * as client from 'openid-client';
import type { Sandbox } from '../../src/index';

/** openid-client's configuration for a sandbox's provider (plain http on loopback allowed). */
export const discover = (on: Sandbox, clientId = 'plinth-demo') =>
  client.discovery(new URL(on.vendors.oidc.issuer), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
