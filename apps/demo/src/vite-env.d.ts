/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of @plinth/sandbox. Default http://127.0.0.1:4700. */
  readonly VITE_SANDBOX_URL?: string;
  /** OpenID provider (issuer). Default: the sandbox's, `${VITE_SANDBOX_URL}/oidc`. */
  readonly VITE_OIDC_AUTHORITY?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  /** Where the demo's first-party beacon posts. Default: the sandbox's `/collect/demo`. */
  readonly VITE_COLLECT_URL?: string;
}
