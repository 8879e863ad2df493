import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { kitchenSink, placeholder } from './fixtures';
import { RichText } from './RichText';
import { block, codeBlock, em, image, link, listItem, span, strong } from './testing';
import type { RichTextTypeProps } from './types';

const meta = {
  title: 'rich-text/RichText',
  component: RichText,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Portable Text rendered safely: unsafe link schemes render as text, unknown types render nothing and are reported once, headings get stable ids, images are lazy and responsive.',
      },
    },
  },
  args: { value: kitchenSink() },
  // Portable Text, component maps and image settings are data structures, not knobs: each story sets
  // them, and the docs table still describes them. The booleans stay controls.
  argTypes: {
    value: { control: false },
    components: { control: false },
    image: { control: false },
  },
} satisfies Meta<typeof RichText>;

export default meta;
type Story = StoryObj<typeof meta>;

// A stand-in for an image CDN (network-free): draws the requested width, so the chosen srcset candidate is visible.
const cdn = (_image: unknown, width = 1200) => placeholder(width, width >> 1);

/** Everything at once, as an editor would write it: headings, marks, lists, a quote, an image, code and links. */
export const KitchenSink: Story = {
  args: {
    value: [
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
    image: { url: cdn, widths: [400, 720], sizes: '(min-width: 720px) 720px, 100vw' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Release notes' })).toBeVisible();
    await expect(canvasElement.querySelector('blockquote')).not.toBeNull();
    await expect(canvasElement.querySelector('pre > code')).not.toBeNull();
    await expect(canvas.queryByRole('link', { name: 'An unsafe link' })).toBeNull();
  },
};

/** The same heading twice gets two distinct anchors (`lists`, `lists-1`), so links to either stay unique. */
export const DuplicateHeadings: Story = {
  args: {
    value: [block('h2', 'Lists'), block('normal', 'The first.'), block('h2', 'Lists'), block('normal', 'The second.')],
  },
  play: async ({ canvasElement }) => {
    const ids = [...canvasElement.querySelectorAll('h2')].map((h) => h.id);
    await expect(ids).toEqual(['lists', 'lists-1']);
  },
};

// ——— block styles ———
const styleStory = (style: string, role: string, level?: number): Story => ({
  args: { value: block(style, `The ${style} style`) },
  play: async ({ canvasElement }) => {
    const el = within(canvasElement).getByText(`The ${style} style`);
    await expect(el.tagName.toLowerCase()).toBe(role);
    if (level) await expect(el.id).toBe(`the-h${level}-style`);
  },
});
export const Normal = styleStory('normal', 'p');
export const Heading1 = styleStory('h1', 'h1', 1);
export const Heading2 = styleStory('h2', 'h2', 2);
export const Heading3 = styleStory('h3', 'h3', 3);
export const Heading4 = styleStory('h4', 'h4', 4);
export const Heading5 = styleStory('h5', 'h5', 5);
export const Heading6 = styleStory('h6', 'h6', 6);
export const Blockquote = styleStory('blockquote', 'blockquote');

// ——— marks ———
const markStory = (mark: string, tag: string): Story => ({
  args: { value: block('normal', 'Text with ', span(mark, mark), ' in it.') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(mark).tagName.toLowerCase()).toBe(tag);
  },
});
export const Strong = markStory('strong', 'strong');
export const Emphasis = markStory('em', 'em');
export const InlineCode = markStory('code', 'code');
export const Underline = markStory('underline', 'span');
export const StrikeThrough = markStory('strike-through', 'del');
export const Link: Story = {
  args: {
    value: block(
      'normal',
      'Read ',
      link('the docs', '/docs'),
      ' or ',
      link('another site', 'https://example.com/'),
      '.',
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'the docs' })).not.toHaveAttribute('rel');
    await expect(canvas.getByRole('link', { name: 'another site' })).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
export const ExternalLinkInNewTab: Story = {
  args: { value: block('normal', link('Opens in a new tab', 'https://example.com/')), externalLinksInNewTab: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('target', '_blank');
  },
};

// ——— lists ———
export const BulletList: Story = {
  args: { value: [listItem('bullet', 1, 'One'), listItem('bullet', 1, 'Two'), listItem('bullet', 1, 'Three')] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('ul > li')).toHaveLength(3);
  },
};
export const NumberedList: Story = {
  args: { value: [listItem('number', 1, 'First'), listItem('number', 1, 'Second')] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('ol > li')).toHaveLength(2);
  },
};
export const NestedList: Story = {
  args: {
    value: [
      listItem('bullet', 1, 'Level 1'),
      listItem('number', 2, 'Level 2'),
      listItem('bullet', 3, 'Level 3'),
      listItem('bullet', 1, 'Back to level 1'),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('ul > li > ol > li > ul > li')?.textContent).toBe('Level 3');
  },
};

// ——— hard breaks, images, code ———
export const HardBreak: Story = {
  args: { value: block('normal', 'Line one\nLine two') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p > br')).not.toBeNull();
  },
};

export const Image: Story = {
  args: {
    value: image({
      alt: 'A placeholder landscape',
      url: placeholder(1200, 600),
      width: 1200,
      height: 600,
      caption: 'Responsive, lazy, no layout shift',
    }),
    image: { url: cdn, widths: [400, 800, 1200], sizes: '(min-width: 720px) 720px, 100vw' },
  },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'A placeholder landscape' });
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img.getAttribute('srcset')).toContain('800w');
  },
};
export const CodeBlock: Story = {
  args: { value: codeBlock('const greeting = "hello";\nconsole.log(greeting);', 'ts') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre[data-language="ts"] > code.language-ts')).not.toBeNull();
  },
};

// ——— custom block, hostile link, missing type ———
function Callout({ value }: RichTextTypeProps<{ _type: 'callout'; tone: string; text: string }>) {
  return (
    <aside role="note" style={{ borderLeft: '4px solid teal', padding: '0.5rem 1rem' }} data-tone={value.tone}>
      {value.text}
    </aside>
  );
}
const customComponents = { types: { callout: Callout } };
export const CustomBlock: Story = {
  args: {
    value: [
      block('normal', 'A custom block type renders through ', em('components.types'), ':'),
      { _type: 'callout', _key: 'c1', tone: 'info', text: 'Heads up!' },
    ],
    components: customComponents,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note')).toHaveTextContent('Heads up!');
  },
};
export const HostileLink: Story = {
  args: {
    value: [
      block('normal', link('javascript: link', 'javascript:alert(document.domain)')),
      block('normal', link('obfuscated javascript', ' JaVa\tScRiPt:alert(1)')),
      block('normal', link('data: link', 'data:text/html,<script>alert(1)</script>')),
      block('normal', link('vbscript: link', 'vbscript:msgbox(1)')),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('a')).toBeNull();
    await expect(within(canvasElement).getByText('data: link')).toBeVisible();
  },
};
export const MissingType: Story = {
  args: {
    value: [
      block('normal', 'Before the unknown block.'),
      { _type: 'poll', _key: 'p1', question: '?' },
      block('normal', 'After it.', strong('')),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('Before the unknown block.After it.');
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(2);
  },
};
