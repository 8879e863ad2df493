// The widths a designer reviews and how a screenshot is taken, in one place for Storybook's TypeScript
// (.storybook/widths.ts re-exports them) and the Node scripts that drive it (scripts/docs-pages.mjs,
// scripts/story-modes.mjs).

/**
 * The toolbar's viewport presets, a story's default width (`parameters: { width: 'phone' }`), the docs page's
 * frames and the visual regression screenshots.
 */
export const WIDTHS = {
  phone: { name: 'Phone (390 × 844)', width: 390, height: 844, type: 'mobile' },
  tablet: { name: 'Tablet (820 × 1180)', width: 820, height: 1180, type: 'tablet' },
  desktop: { name: 'Desktop (1280 × 800)', width: 1280, height: 800, type: 'desktop' },
};

/**
 * How a screenshot is taken, by `toMatchScreenshot`, the byte-for-byte fast path (.storybook/reference-images.ts)
 * and the docs-page test alike: animations stopped, caret hidden, and what changes from run to run (a measured
 * duration, a time), marked `data-volatile`, masked.
 */
export const SCREENSHOT = { animations: 'disabled', caret: 'hide', volatile: '[data-volatile]' };
