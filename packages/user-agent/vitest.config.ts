import { packageTestConfig } from '../../vitest.shared';

// Real-browser tests (`*.browser.test.ts`) run under vitest.browser.config.ts.
export default packageTestConfig({ exclude: ['**/node_modules/**', 'src/**/*.browser.test.*'] });
