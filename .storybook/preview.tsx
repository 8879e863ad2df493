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
    // The widths a designer reviews: the demo's stories show each state on a phone and on a desktop (a
    // story picks one with `globals: { viewport: { value: 'phone' } }`; the story tests run at that size).
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (820 × 1180)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
  },
};
export default preview;
