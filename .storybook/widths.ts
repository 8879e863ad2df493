/**
 * The widths a designer reviews, in one place: the toolbar's viewport presets, a story's default width
 * (`parameters: { width: 'phone' }`), the docs page's frames and the visual regression screenshots.
 */
export const WIDTHS = {
  phone: { name: 'Phone (390 × 844)', width: 390, height: 844, type: 'mobile' },
  tablet: { name: 'Tablet (820 × 1180)', width: 820, height: 1180, type: 'tablet' },
  desktop: { name: 'Desktop (1280 × 800)', width: 1280, height: 800, type: 'desktop' },
} as const;
export type Width = keyof typeof WIDTHS;

/** The colour themes of the tokens (`[data-theme="dark"]` in apps/demo/src/tokens.css). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * A reference image's file name (in .storybook/screenshots/): the story at a width in a theme, and in an
 * accessibility mode if one is on, as Vitest names a screenshot (`<story id>--<width>-<theme>[-<mode>]`, runs of
 * dashes made one).
 */
export const referenceImage = (storyId: string, type: string, theme: Theme, mode?: string) =>
  `${`${storyId}--${type}-${theme}${mode ? `-${mode}` : ''}`.replace(/[^\w-]+/g, '').replace(/-{2,}/g, '-')}.png`;

/**
 * How a story's screenshot is taken, by `toMatchScreenshot` and by the byte-for-byte fast path
 * (.storybook/reference-images.ts) alike: animations stopped, caret hidden, and what changes from run to run (a
 * measured duration, a time), marked `data-volatile`, masked.
 */
export const SCREENSHOT = { animations: 'disabled', caret: 'hide', volatile: '[data-volatile]' } as const;

/** Shows `theme` on `element` (the tokens' dark theme is an attribute; light is its absence). */
export function applyTheme(element: HTMLElement, theme: Theme) {
  if (theme === 'dark') element.dataset.theme = 'dark';
  else delete element.dataset.theme;
}

/**
 * The hook the story tests install (.storybook/vitest.setup.ts) to size the browser for a story; absent in
 * Storybook itself, where the toolbar's viewport does it.
 */
export interface StoryTestHooks {
  resize(width: number, height: number): Promise<void>;
  /** The running story's tags (preview.tsx sets them before it renders): a `check` gets no reference images. */
  tags?: string[];
}
export const storyTestHooks = () => (globalThis as { __plinthStoryTest?: StoryTestHooks }).__plinthStoryTest;
