import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  staticDirs: [{ from: './public', to: '/' }],
  core: { disableTelemetry: true },
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    // Prop tables (types and JSDoc) for designers come from the packages' source.
    reactDocgenTypescriptOptions: { tsconfigPath: './tsconfig.storybook.json' },
  },
  async viteFinal(vite) {
    const { mergeConfig, defaultClientConditions } = await import('vite');
    // Stories run on the packages' TypeScript source (the `@plinth/source` export condition), no build needed.
    return mergeConfig(vite, { resolve: { conditions: ['@plinth/source', ...defaultClientConditions] } });
  },
};
export default config;
