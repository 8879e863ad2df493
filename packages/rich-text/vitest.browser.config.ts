import { browserTestConfig } from '../../vitest.shared';

export default browserTestConfig();
