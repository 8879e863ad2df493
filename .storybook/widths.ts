/**
 * The widths a designer reviews (tooling/widths.mjs, shared with the Node scripts): the toolbar's viewport presets, a
 * story's default width (`parameters: { width: 'phone' }`), the docs page's frames and the visual regression
 * screenshots; and how a screenshot is taken.
 */
import { SCREENSHOT, WIDTHS } from '../tooling/widths.mjs';

export { SCREENSHOT, WIDTHS };
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
