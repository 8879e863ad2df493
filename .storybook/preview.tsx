import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { Decorator, Preview } from '@storybook/react-vite';
import { type PropsWithChildren, StrictMode, useEffect as useReactEffect, useState as useReactState } from 'react';
import { GLOBALS_UPDATED, PLAY_FUNCTION_THREW_EXCEPTION } from 'storybook/internal/core-events';
import { addons, useEffect, useGlobals } from 'storybook/preview-api';
import { themes } from 'storybook/theming';
// The demo's design tokens and base element styles (font, colours, buttons, code): stories look like
// the app that composes them instead of rendering unstyled.
import '../apps/demo/src/tokens.css';
import './docs.css';
// A toolbar that flips any flag of the catalogue the flag stories use (their `withFlags` decorator reads it).
import { testFlags } from '../packages/flags/src/test-flags';
import { flagsToolbar } from '../packages/flags/src/testing';
import { DocsPage } from './blocks';
import { showFocusOrder } from './focus-order';
import { StoryFrame } from './frames';
import { applyTheme, storyTestHooks, type Theme, WIDTHS, type Width } from './widths';

/** The accessibility modes' values when off (initialGlobals; a docs frame's URL names only the others). */
const MODE_DEFAULTS: Record<string, string> = { direction: 'ltr', textSize: '100', motion: 'full', focusOrder: 'off' };

interface FrameParameters {
  /** The width the story opens at (a default: the toolbar can change it). Without it: the canvas's width. */
  width?: Width;
  /** On the docs page, the story's frame is this tall (fixed-position UI such as a banner or a bottom bar). */
  docsHeight?: string;
  /**
   * `false`: drawn inline on the docs page even with a play function (one that only reads, so it cannot move the
   * docs page's focus or scroll): a reference a reader uses where it stands (the design tokens).
   */
  docsFrame?: false;
}

/** The toolbar's theme, on the whole canvas (a story) or around the story (a docs page). */
const withTheme: Decorator = (Story, { globals, viewMode }) => {
  const theme: Theme = globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    if (viewMode === 'story') applyTheme(document.documentElement, theme);
  }, [theme, viewMode]);
  if (viewMode !== 'docs' || theme === 'light') return <Story />;
  return (
    <div data-theme="dark" style={{ padding: '1rem' }}>
      <Story />
    </div>
  );
};

/**
 * The toolbar's accessibility modes, on the story's page (the canvas, or a docs page's frame, which gets them in its
 * URL): right-to-left text (`dir="rtl"` on the root), text at 200 % (the root's font size: every size in the
 * tokens is in rem; WCAG 1.4.4) and reduced motion (`data-motion="reduce"` on the root: tokens.css applies the same
 * rule as under `prefers-reduced-motion: reduce`), and the focus order (each element Tab reaches, numbered in that
 * order: focus-order.ts). Forced colours cannot be switched from a page's script: Chromium's
 * DevTools (Rendering → Emulate CSS media feature forced-colors) does it; the demo's journeys test it
 * (apps/demo/e2e/accessibility.spec.ts).
 */
const withAccessibilityModes: Decorator = (Story, { globals, viewMode }) => {
  const direction = globals.direction === 'rtl' ? 'rtl' : 'ltr';
  // A URL's `globals=textSize:200` arrives as a number.
  const textSize = String(globals.textSize) === '200' ? '200%' : '';
  const motion = globals.motion === 'reduce' ? 'reduce' : undefined;
  useEffect(() => {
    if (viewMode !== 'story') return;
    const root = document.documentElement;
    root.dir = direction;
    root.style.fontSize = textSize;
    if (motion) root.dataset.motion = motion;
    else delete root.dataset.motion;
  }, [direction, textSize, motion, viewMode]);
  // Focus order: every element Tab reaches, numbered in that order over the story (focus-order.ts).
  const focusOrder = globals.focusOrder === 'on';
  useEffect(() => {
    if (viewMode === 'story' && focusOrder) return showFocusOrder(document);
  }, [focusOrder, viewMode]);
  return <Story />;
};

/**
 * A story opens at its own width, as a default the designer can change (a story's `globals.viewport`
 * would lock the toolbar). Applied once each time a story is opened; a link's own `globals=viewport:…`
 * wins on the first story.
 */
let opened: string | undefined;
const withStoryWidth: Decorator = (Story, { id, parameters, viewMode }) => {
  const [globals, updateGlobals] = useGlobals();
  useEffect(() => {
    // Only the canvas of Storybook itself (its manager's preview frame): not a docs page, not a story in a docs
    // page's frame (its globals would reach the docs page and reload it), not a test.
    const inManager = window.frameElement?.id === 'storybook-preview-iframe';
    if (viewMode !== 'story' || !inManager || storyTestHooks() || opened === id) return;
    const first = opened === undefined;
    opened = id;
    const wanted = (parameters as FrameParameters).width;
    const current = (globals.viewport as { value?: string } | undefined)?.value;
    if ((first && current) || current === wanted) return;
    updateGlobals({ viewport: { value: wanted, isRotated: false } });
  }, [id]);
  return <Story />;
};

/**
 * The docs page's frame this story is drawn in (frames.tsx's `StoryFrame`, marked `data-docs-frame`), or null: on
 * the canvas, on a docs page itself and in a story test.
 */
function docsFrame(): HTMLElement | null {
  try {
    const frame = window.frameElement;
    return frame?.hasAttribute('data-docs-frame') ? (frame as HTMLElement) : null;
  } catch {
    return null;
  }
}
// In a docs page's frame, a play function's focus() scrolls nothing: neither the docs page around the frame (a
// reader opens it at its title) nor the frame itself (it shows its story from the top).
if (docsFrame()) {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusWithoutScrolling(this: HTMLElement, options?: FocusOptions) {
    focus.call(this, { ...options, preventScroll: true });
  };
  // A play function that throws in a frame leaves the story half-played, with no panel to say so: the frame is
  // marked with the error (`data-docs-frame-error`), which the docs-page test (scripts/docs-pages.mjs) fails on.
  addons.ready().then((channel) =>
    channel.on(PLAY_FUNCTION_THREW_EXCEPTION, (error: { message?: string } | undefined) => {
      const frame = docsFrame();
      if (frame) frame.dataset.docsFrameError = String(error?.message ?? error);
    }),
  );
}

/**
 * After a story's play function, in a docs page's frame: the frame is back at its top, the docs page has its focus
 * back (a play function's click or focus() took it into the frame; the reader did not), and the frame is marked
 * played, so it measures the story again and the docs-page test knows it is done.
 */
const afterPlayInDocs: Preview['afterEach'] = async () => {
  const frame = docsFrame();
  if (!frame) return;
  window.scrollTo(0, 0);
  if (frame.ownerDocument.activeElement === frame) frame.blur();
  frame.dataset.docsFrame = 'played';
};

/**
 * Docs pages follow the toolbar's theme too: the docs text and its blocks (Storybook's dark or light docs theme)
 * and the tokens on the docs page's own root, so what is drawn inline beside the text is in the same theme.
 */
function ThemedDocsContainer(props: PropsWithChildren<DocsContainerProps>) {
  const { context } = props;
  const [theme, setTheme] = useReactState<Theme>(() => {
    try {
      return context.getStoryContext(context.storyById()).globals.theme === 'dark' ? 'dark' : 'light';
    } catch {
      return 'light';
    }
  });
  useReactEffect(() => {
    const update = ({ globals }: { globals: Record<string, unknown> }) =>
      setTheme(globals.theme === 'dark' ? 'dark' : 'light');
    context.channel.on(GLOBALS_UPDATED, update);
    return () => context.channel.off(GLOBALS_UPDATED, update);
  }, [context]);
  useReactEffect(() => applyTheme(document.documentElement, theme), [theme]);
  return <DocsContainer {...props} theme={theme === 'dark' ? themes.dark : themes.light} />;
}

/**
 * In a story test, the browser takes the story's width (the desktop's when it names none) before it renders; with
 * `VITE_STORY_WIDTH=phone|tablet|desktop` every story takes that width instead, as when a designer picks it in the
 * toolbar (then no screenshots are compared: the run is about the interactions).
 */
const sizeForTest: Preview['beforeEach'] = async ({ parameters, tags }) => {
  const hooks = storyTestHooks();
  if (!hooks) return;
  hooks.tags = tags;
  const forced = import.meta.env.VITE_STORY_WIDTH as Width | undefined;
  const { width, height } = WIDTHS[forced ?? (parameters as FrameParameters).width ?? 'desktop'];
  await hooks.resize(width, height);
};

/**
 * On a docs page, a story that names a width, a height or has a play function is shown in its own frame
 * (see StoryFrame); the others render inline as usual.
 */
const withDocsFrame: Decorator = (Story, context) => {
  const { width, docsHeight, docsFrame } = context.parameters as FrameParameters;
  if (context.viewMode !== 'docs' || docsFrame === false || !(width || docsHeight || context.playFunction))
    return <Story />;
  return (
    <StoryFrame
      id={context.id}
      title={`${context.title}: ${context.name}`}
      theme={context.globals.theme === 'dark' ? 'dark' : 'light'}
      modes={Object.fromEntries(
        Object.keys(MODE_DEFAULTS).flatMap((name) => {
          const value = String(context.globals[name] ?? MODE_DEFAULTS[name]);
          return value !== MODE_DEFAULTS[name] ? [[name, value]] : [];
        }),
      )}
      width={width ? WIDTHS[width].width : undefined}
      height={docsHeight}
    />
  );
};

/** A toolbar menu for one accessibility mode: its values and their titles, in order. */
const mode = (description: string, title: string, icon: string, items: Record<string, string>) => ({
  description,
  toolbar: {
    title,
    icon,
    items: Object.entries(items).map(([value, text]) => ({ value, title: text })),
    dynamicTitle: true,
  },
});

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    ...flagsToolbar(testFlags, { theme: ['light', 'dark'], 'price-test': ['control', 'a', 'b'] }),
    theme: {
      description: 'Colour theme (the design tokens, light or dark)',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    direction: mode('Text direction (right-to-left for Arabic, Hebrew…)', 'Direction', 'transfer', {
      ltr: 'Left to right',
      rtl: 'Right to left',
    }),
    textSize: mode('Text size (WCAG 1.4.4: text resized to 200 % without loss of content)', 'Text size', 'zoom', {
      '100': 'Text 100 %',
      '200': 'Text 200 %',
    }),
    motion: mode('Motion (reduced: as under prefers-reduced-motion: reduce)', 'Motion', 'play', {
      full: 'Full motion',
      reduce: 'Reduced motion',
    }),
    focusOrder: mode('Focus order (each element the Tab key reaches, numbered in that order)', 'Focus order', 'eye', {
      off: 'Focus order hidden',
      on: 'Focus order shown',
    }),
  },
  initialGlobals: { theme: 'light', ...MODE_DEFAULTS },
  beforeEach: sizeForTest,
  afterEach: afterPlayInDocs,
  // The last decorator is the outermost.
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
    withTheme,
    withAccessibilityModes,
    withStoryWidth,
    withDocsFrame,
  ],
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The toolbar's widths; a story picks its default with `parameters: { width: 'phone' }`.
    viewport: {
      options: Object.fromEntries(
        Object.entries(WIDTHS).map(([key, { name, width, height, type }]) => [
          key,
          { name, styles: { width: `${width}px`, height: `${height}px` }, type },
        ]),
      ),
    },
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
    docs: { container: ThemedDocsContainer, page: DocsPage },
  },
};
export default preview;
