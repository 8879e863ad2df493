import { AuthProvider } from '@plinth/auth';
import type { Root } from 'react-dom/client';
import { config } from './config';

/**
 * The hidden iframe of a silent sign-in (`prompt=none` after a reload) loads `/silent-callback`: only
 * @plinth/auth answers it. No analytics, flags, logging, banner or inspector start in the iframe.
 */
export function renderSilentCallback(root: Root) {
  root.render(<AuthProvider config={config.oidc} />);
}
