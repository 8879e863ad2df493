import type { Preview } from '@storybook/react-vite';
import { StrictMode } from 'react';
// The demo's design tokens and base element styles (font, colours, buttons, code): stories look like
// the app that composes them instead of rendering unstyled.
import '../apps/demo/src/tokens.css';

const preview: Preview = {
  tags: ['autodocs'],
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
