import { browserTestConfig } from '../../vitest.shared.ts';

// The full browser: its reduced user-agent string (MAJOR.0.0.0) is what the client hints enrich; the headless
// shell sends its full version.
export default browserTestConfig({}, 'browser');
