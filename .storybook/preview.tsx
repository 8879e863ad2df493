import type { Preview } from '@storybook/react-vite';
import { StrictMode } from 'react';
// The demo's design tokens and base element styles (font, colours, buttons, code): stories look like
// the app that composes them instead of rendering unstyled.
import '../apps/demo/src/tokens.css';
// A toolbar that flips any flag of the catalogue the flag stories use (their `withFlags` decorator reads it).
import { testFlags } from '../packages/flags/src/test-flags';
import { flagsToolbar } from '../packages/flags/src/testing';

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: flagsToolbar(testFlags, { theme: ['light', 'dark'], 'price-test': ['control', 'a', 'b'] }),
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
  ],
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
  },
};
export default preview;
