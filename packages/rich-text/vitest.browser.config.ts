import { browserTestConfig } from '../../vitest.shared.ts';

export default browserTestConfig();
