import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // The packages' stories, the demo's own UI (what a designer reviews, what the product's screens reuse) and
  // the pages of the docs (the design tokens).
  // Each component's "Purpose" page (./purpose/*.mdx): the words a designer searches for, as headings.
  stories: [
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/demo/src/**/*.@(mdx|stories.@(ts|tsx))',
    './purpose/*.mdx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The reference images of the visual regression, drawn on every docs page's "All states" grid (blocks.tsx).
  staticDirs: [
    { from: './public', to: '/' },
    { from: './screenshots', to: '/screenshots' },
  ],
  core: { disableTelemetry: true },
  // No "Guide" onboarding checklist in the sidebar: the stories are the guide.
  // Search finds docs headings too: each component's "Purpose" page (./purpose/*.mdx) has one per word a designer
  // searches for ("cookie" finds the consent banner). Storybook 10's sidebar search (Search.tsx) reads only names,
  // group paths and, with this feature, docs headings; not tags or descriptions. It lists one result per component.
  features: { sidebarOnboardingChecklist: false, experimentalSearchDocsHeadings: true },
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
