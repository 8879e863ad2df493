import { configDefaults } from 'vitest/config';
import { packageTestConfig } from '../../vitest.shared';

export default packageTestConfig({ exclude: [...configDefaults.exclude, 'src/**/*.browser.test.{ts,tsx}'] });
