import { browserTestConfig } from '../../vitest.shared.ts';

// Pre-bundle up front: a mid-run re-optimisation reloads the page and duplicates React.
export default browserTestConfig({ optimizeDeps: { include: ['react-intersection-observer'] } });
