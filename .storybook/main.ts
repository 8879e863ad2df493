import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The packages' stories, the demo's own UI (what a designer reviews, what the product's screens reuse) and
  // the pages of the docs (the design tokens).
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)', '../apps/demo/src/**/*.@(mdx|stories.@(ts|tsx))'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  staticDirs: [{ from: './public', to: '/' }],
  core: { disableTelemetry: true },
  // No "Guide" onboarding checklist in the sidebar: the stories are the guide.
  features: { sidebarOnboardingChecklist: false },
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
