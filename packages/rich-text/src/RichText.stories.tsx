import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, within } from 'storybook/test';
import { kitchenSink, placeholder } from './fixtures';
import { slugify } from './headingIds';
import { RichText, type RichTextProps } from './RichText';
import { block, codeBlock, em, image, link, listItem, span, strong } from './testing';
import type { RichTextImageOptions, RichTextNode, RichTextTypeProps } from './types';

/**
 * A stand-in for an image CDN (network-free): an SVG drawing the requested width, so the srcset candidate the
 * browser chose is visible. Blob URLs, not the fixtures' data URLs: given those, Chromium took the largest
 * candidate at every width.
 */
const drawn = new Map<number, string>();
const cdn = (_image: unknown, width = 1200) => {
  let url = drawn.get(width);
  if (!url) {
    const svg = decodeURIComponent(placeholder(width, width >> 1).slice('data:image/svg+xml,'.length));
    url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    drawn.set(width, url);
  }
  return url;
};

const landscape = (caption?: string) =>
  image({ alt: 'A placeholder landscape', url: placeholder(1200, 600), width: 1200, height: 600, caption });

/** Each block style and the element it renders. */
const BLOCK_STYLES = [
  ['normal', 'p'],
  ['h1', 'h1'],
  ['h2', 'h2'],
  ['h3', 'h3'],
  ['h4', 'h4'],
  ['h5', 'h5'],
  ['h6', 'h6'],
  ['blockquote', 'blockquote'],
] as const;
/** Each mark and the element it renders. */
const MARKS = [
  ['strong', 'strong'],
  ['em', 'em'],
  ['code', 'code'],
  ['underline', 'span'],
  ['strike-through', 'del'],
] as const;

/**
 * The sample documents (the `value` control), by name: every story's document is one of them, so a
 * designer can switch any story to any other sample.
 */
const DOCUMENTS = {
  'Release notes (every block type)': [
    block('h1', 'Release notes'),
    block(
      'normal',
      'This release is ',
      strong('faster'),
      ', ',
      em('safer'),
      ' and ships ',
      span('<RichText>', 'code'),
      ' with ',
      link('a migration guide', 'https://example.com/guide'),
      '.',
    ),
    block('h2', 'What changed'),
    listItem('bullet', 1, 'Links are checked before they render'),
    listItem('bullet', 2, 'javascript: and data: links become plain text'),
    listItem('bullet', 1, 'Headings get stable anchors'),
    listItem('number', 1, 'Update the package'),
    listItem('number', 1, 'Remove your own link sanitiser'),
    block('h2', 'What users said'),
    block('blockquote', 'We deleted two hundred lines of our own escaping.\n— a product engineer'),
    block('h3', 'A picture'),
    image({
      alt: 'A placeholder landscape',
      url: placeholder(720, 360),
      width: 720,
      height: 360,
      caption: 'Responsive, lazy, no layout shift',
    }),
    block('h3', 'The code'),
    codeBlock('import { RichText } from "@plinth/rich-text";\n\n<RichText value={post.body} />', 'tsx'),
    block(
      'normal',
      link('An unsafe link', 'javascript:alert(1)'),
      ' renders as text; ',
      link('a relative one', '/docs#intro'),
      ' stays a link.',
    ),
  ],
  'Short article (the test fixture)': kitchenSink(),
  Paragraph: block('normal', 'The normal style'),
  'Heading 1': block('h1', 'The h1 style'),
  'Heading 2': block('h2', 'The h2 style'),
  'Heading 3': block('h3', 'The h3 style'),
  'Heading 4': block('h4', 'The h4 style'),
  'Heading 5': block('h5', 'The h5 style'),
  'Heading 6': block('h6', 'The h6 style'),
  Quote: block('blockquote', 'The blockquote style'),
  'Every block style': BLOCK_STYLES.map(([style]) => block(style, `The ${style} style`)),
  'Same heading twice': [
    block('h2', 'Lists'),
    block('normal', 'The first.'),
    block('h2', 'Lists'),
    block('normal', 'The second.'),
  ],
  'Mark: strong': block('normal', 'Text with ', span('strong', 'strong'), ' in it.'),
  'Mark: emphasis': block('normal', 'Text with ', span('em', 'em'), ' in it.'),
  'Mark: inline code': block('normal', 'Text with ', span('code', 'code'), ' in it.'),
  'Mark: underline': block('normal', 'Text with ', span('underline', 'underline'), ' in it.'),
  'Mark: strike-through': block('normal', 'Text with ', span('strike-through', 'strike-through'), ' in it.'),
  'Every mark': MARKS.map(([mark]) => block('normal', 'Text with ', span(mark, mark), ' in it.')),
  'Links (internal and external)': block(
    'normal',
    'Read ',
    link('the docs', '/docs'),
    ' or ',
    link('another site', 'https://example.com/'),
    '.',
  ),
  'External link': block('normal', link('Opens in a new tab', 'https://example.com/')),
  'Hostile links': [
    block('normal', link('javascript: link', 'javascript:alert(document.domain)')),
    block('normal', link('obfuscated javascript', ' JaVa\tScRiPt:alert(1)')),
    block('normal', link('data: link', 'data:text/html,<script>alert(1)</script>')),
    block('normal', link('vbscript: link', 'vbscript:msgbox(1)')),
  ],
  'Bullet list': [listItem('bullet', 1, 'One'), listItem('bullet', 1, 'Two'), listItem('bullet', 1, 'Three')],
  'Numbered list': [listItem('number', 1, 'First'), listItem('number', 1, 'Second')],
  'Nested list': [
    listItem('bullet', 1, 'Level 1'),
    listItem('number', 2, 'Level 2'),
    listItem('bullet', 3, 'Level 3'),
    listItem('bullet', 1, 'Back to level 1'),
  ],
  'Every list': [
    block('normal', 'Bullets:'),
    listItem('bullet', 1, 'One'),
    listItem('bullet', 1, 'Two'),
    listItem('bullet', 1, 'Three'),
    block('normal', 'Numbers:'),
    listItem('number', 1, 'First'),
    listItem('number', 1, 'Second'),
    block('normal', 'Nested, mixed:'),
    listItem('bullet', 1, 'Level 1'),
    listItem('number', 2, 'Level 2'),
    listItem('bullet', 3, 'Level 3'),
    listItem('bullet', 1, 'Back to level 1'),
  ],
  'Hard break': block('normal', 'Line one\nLine two'),
  'Image, landscape 1200 × 600, with caption': landscape('Responsive, lazy, no layout shift'),
  'Image, portrait 600 × 900': image({
    alt: 'A placeholder portrait',
    url: placeholder(600, 900),
    width: 600,
    height: 900,
    caption: 'Taller than wide: the height follows the width',
  }),
  'Image, small 320 × 160, no caption': image({
    alt: 'A small placeholder',
    url: placeholder(320, 160),
    width: 320,
    height: 160,
  }),
  'Code block': codeBlock('const greeting = "hello";\nconsole.log(greeting);', 'ts'),
  'Custom block (a callout)': [
    block('normal', 'A custom block type renders through ', em('components.types'), ':'),
    { _type: 'callout', _key: 'c1', tone: 'info', text: 'Heads up!' },
  ],
  'Unknown block type': [
    block('normal', 'Before the unknown block.'),
    { _type: 'poll', _key: 'p1', question: '?' },
    block('normal', 'After it.', strong('')),
  ],
  'Empty (null)': null,
} satisfies Record<string, RichTextNode | RichTextNode[] | null>;

/** Image URL builders and sizes (the `image` control). */
const IMAGE_OPTIONS = {
  "No URL builder (the image's own URL)": undefined,
  'srcset 400, 720 w; a 720 px column': { url: cdn, widths: [400, 720], sizes: '(min-width: 720px) 720px, 100vw' },
  'srcset 400, 800, 1200 w; a 720 px column': {
    url: cdn,
    widths: [400, 800, 1200],
    sizes: '(min-width: 720px) 720px, 100vw',
  },
  'srcset of the default widths; sizes 100vw': { url: cdn },
} satisfies Record<string, RichTextImageOptions | undefined>;

function Callout({ value }: RichTextTypeProps<{ _type: 'callout'; tone: string; text: string }>) {
  return (
    <aside
      role="note"
      style={{ borderLeft: '4px solid var(--color-accent)', padding: 'var(--space-2) var(--space-4)' }}
      data-tone={value.tone}
    >
      {value.text}
    </aside>
  );
}
const COMPONENTS = {
  Defaults: undefined,
  'With a callout block type': { types: { callout: Callout } },
};

const HEADING_IDS = {
  'From the heading text': true,
  Off: false,
  'Prefixed "section-"': (text: string) => `section-${slugify(text)}`,
};

const ORIGINS = { 'Not set': undefined, 'https://example.com': 'https://example.com' };

/**
 * The controls hold preset names, which `toProps` turns into RichText's props when the story renders (not
 * `argTypes.mapping`: the docs page's controls table would show mapped values as "Choose option…").
 */
type Args = Omit<RichTextProps, 'value' | 'components' | 'image' | 'headingIds' | 'origin'> & {
  value: keyof typeof DOCUMENTS;
  components?: keyof typeof COMPONENTS;
  image?: keyof typeof IMAGE_OPTIONS;
  headingIds?: keyof typeof HEADING_IDS;
  origin?: keyof typeof ORIGINS;
};
const toProps = ({ value, components, image, headingIds, origin, ...rest }: Args): RichTextProps => ({
  ...rest,
  value: DOCUMENTS[value],
  components: components && COMPONENTS[components],
  image: image && IMAGE_OPTIONS[image],
  headingIds: headingIds && HEADING_IDS[headingIds],
  origin: origin && ORIGINS[origin],
});

const meta = {
  title: 'rich-text/RichText',
  // RichText's own props table (its docgen); the stories render it through `toProps`.
  component: RichText as unknown as ComponentType<Args>,
  tags: ['autodocs', 'stable'],
  render: (args) => <RichText {...toProps(args)} />,
  // An article's column, as a page gives it: at most 720 px wide (the image presets' `sizes` say so).
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component: `
Shows a document written in a CMS (Portable Text, as Sanity stores it) as HTML: paragraphs, headings, lists, quotes, links, images and code, styled by the page around it. It is safe with any content: a link with an unsafe address (\`javascript:\`, \`data:\`) shows as plain text, a block type it does not know shows nothing, and text from the editor never becomes markup.

**When to use**

- Any text an editor writes in the CMS: articles, help pages, product descriptions, release notes.
- Wherever that text needs anchor links to its headings (each heading gets a stable id).

**Do**

- Give images their width and height in the CMS: the space is kept before the image loads and its shape follows the column.
- Give \`image\` a URL builder and \`sizes\` for the column it sits in, so a phone downloads a small image.
- Add a component for each custom block type the CMS allows (\`components.types\`), such as a callout.
- Set \`origin\` to the site's own address, so absolute links to the site are not treated as external.

**Don't**

- Don't use it for text written in the code: write the elements directly.
- Don't open external links in a new tab unless the page needs it (\`externalLinksInNewTab\`): it takes the visitor away from their history.
- Don't leave an image's \`alt\` empty in the CMS when the image carries information: without it, screen readers skip the image.

**States**

- **Content**: every block the CMS gave, in order. An empty document (\`null\`, \`[]\`) renders nothing.
- **Unsafe link**: its text without a link. External links get \`rel="noopener noreferrer"\`.
- **Unknown block type**: nothing in its place; a console warning in development, one \`report\` on the core channel in production.
- **Image**: lazy, never wider than its column; with a caption it becomes a figure.
- **Code block**: keeps its lines; a long line scrolls sideways and the block can be focused to scroll it with the keyboard.
`,
      },
    },
  },
  args: {
    value: 'Short article (the test fixture)',
    components: 'Defaults',
    headingIds: 'From the heading text',
    origin: 'Not set',
    externalLinksInNewTab: false,
    image: "No URL builder (the image's own URL)",
  },
  argTypes: {
    value: {
      name: 'value',
      description: 'The document (here: sample documents by name).',
      control: 'select',
      options: Object.keys(DOCUMENTS),
    },
    components: { control: 'select', options: Object.keys(COMPONENTS) },
    image: { control: 'select', options: Object.keys(IMAGE_OPTIONS) },
    headingIds: { control: 'radio', options: Object.keys(HEADING_IDS) },
    origin: { control: 'radio', options: Object.keys(ORIGINS) },
    externalLinksInNewTab: { control: 'boolean' },
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A whole document as an editor writes it: headings, marks, lists, a quote, an image, code and links,
 * one unsafe. What an article or a release note looks like on the page.
 */
export const KitchenSink: Story = {
  args: { value: 'Release notes (every block type)', image: 'srcset 400, 720 w; a 720 px column' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Release notes' })).toBeVisible();
    await expect(canvasElement.querySelector('blockquote')).not.toBeNull();
    await expect(canvasElement.querySelector('pre > code')).not.toBeNull();
    await expect(canvas.queryByRole('link', { name: 'An unsafe link' })).toBeNull();
  },
};

/**
 * The same heading twice gets two distinct anchors (`lists`, `lists-1`), so links to either stay unique.
 * What happens when an editor repeats a section title.
 */
export const DuplicateHeadings: Story = {
  args: { value: 'Same heading twice' },
  play: async ({ canvasElement }) => {
    const ids = [...canvasElement.querySelectorAll('h2')].map((h) => h.id);
    await expect(ids).toEqual(['lists', 'lists-1']);
  },
};

// ——— every variant side by side ———
/**
 * Every block style, in the order of importance: a paragraph (`normal`, body text), the headings `h1` (the page's
 * title when the document carries it) to `h6`, each with an id for anchor links, and `blockquote`, a quotation
 * set apart from the text. One at a time: the `value` control (Paragraph, Heading 1 … 6, Quote).
 */
export const BlockStyles: Story = {
  args: { value: 'Every block style' },
  play: async ({ canvasElement }) => {
    for (const [style, tag] of BLOCK_STYLES) {
      const el = within(canvasElement).getByText(`The ${style} style`);
      await expect(el.tagName.toLowerCase()).toBe(tag);
      if (style.startsWith('h')) await expect(el.id).toBe(`the-${style}-style`);
    }
  },
};

/**
 * Every mark inside a sentence: `strong` (bold in the editor, `<strong>`), `em` (italic, `<em>`), `code` (a word
 * of code, `<code>`), `underline` (a `<span>` with an underline) and `strike-through` (`<del>`, text shown as
 * removed). One at a time: the `value` control (Mark: …).
 */
export const Marks: Story = {
  args: { value: 'Every mark' },
  play: async ({ canvasElement }) => {
    for (const [mark, tag] of MARKS)
      await expect(within(canvasElement).getByText(mark).tagName.toLowerCase()).toBe(tag);
  },
};

/**
 * Links: a relative one stays a plain link; one to another site gets `rel="noopener noreferrer"`. With
 * `origin` set to that site (the control), it counts as internal.
 */
export const Link: Story = {
  args: { value: 'Links (internal and external)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'the docs' })).not.toHaveAttribute('rel');
    await expect(canvas.getByRole('link', { name: 'another site' })).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
/** With `externalLinksInNewTab`, links to other sites open in a new tab (`target="_blank"`). Off by default. */
export const ExternalLinkInNewTab: Story = {
  args: { value: 'External link', externalLinksInNewTab: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('target', '_blank');
  },
};

/**
 * Lists: consecutive `bullet` items make one `<ul>`, consecutive `number` items one `<ol>`, and items with a higher
 * `level` nest inside the item before them, mixing bullets and numbers. One at a time: the `value` control.
 */
export const Lists: Story = {
  args: { value: 'Every list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('One').closest('ul')?.children).toHaveLength(3);
    await expect(canvas.getByText('First').closest('ol')?.children).toHaveLength(2);
    await expect(canvasElement.querySelector('ul > li > ol > li > ul > li')?.textContent).toBe('Level 3');
  },
};

// ——— hard breaks, images, code ———
/** A line break inside a paragraph (Shift+Enter in the editor): `<br>`, not a new paragraph. */
export const HardBreak: Story = {
  args: { value: 'Hard break' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p > br')).not.toBeNull();
  },
};

/**
 * An image with a caption (a figure): lazy, never wider than its column, its height following its width.
 * With a URL builder the browser picks the smallest `srcset` width that fills the column (the drawn
 * number). Switch the image and the sizes with the controls.
 */
export const Image: Story = {
  args: { value: 'Image, landscape 1200 × 600, with caption', image: 'srcset 400, 800, 1200 w; a 720 px column' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'A placeholder landscape' });
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img.getAttribute('srcset')).toContain('800w');
    // The aspect-ratio fix: never wider than the column, the height following (1200 × 600 → 2 : 1).
    const box = img.getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(canvasElement.getBoundingClientRect().width);
    await expect(Math.abs(box.width / box.height - 2)).toBeLessThan(0.02);
  },
};
/**
 * A code block: lines kept, ready for a syntax highlighter (`language-ts`). A long line scrolls sideways;
 * the block takes keyboard focus so it can be scrolled without a mouse.
 */
export const CodeBlock: Story = {
  args: { value: 'Code block' },
  play: async ({ canvasElement }) => {
    const pre = canvasElement.querySelector('pre[data-language="ts"]');
    await expect(pre?.querySelector('code.language-ts')).not.toBeNull();
    await expect(pre).toHaveAttribute('tabindex', '0');
  },
};

// ——— custom block, hostile link, missing type ———
/** A block type of the project's own (a callout) rendered by a component given in `components.types`. */
export const CustomBlock: Story = {
  args: { value: 'Custom block (a callout)', components: 'With a callout block type' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note')).toHaveTextContent('Heads up!');
  },
};
/**
 * Links with unsafe addresses (`javascript:`, even disguised, `data:`, `vbscript:`) show as plain text:
 * what a pasted or malicious link in the CMS becomes.
 */
export const HostileLink: Story = {
  args: { value: 'Hostile links' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('a')).toBeNull();
    await expect(within(canvasElement).getByText('data: link')).toBeVisible();
  },
};
/**
 * A block type with no component (a poll the site cannot show yet) renders nothing; the text around it
 * stays. In development the console warns once; in production one report goes to the core channel.
 */
export const MissingType: Story = {
  args: { value: 'Unknown block type' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('Before the unknown block.After it.');
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(2);
  },
};
