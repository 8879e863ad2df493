import type { ChannelEventOf } from '@plinth/core';
import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { render } from '../../../tooling/render';
import { useHeadingId } from './context';
import { RichText } from './RichText';
import { sanityImageUrl } from './sanityImageUrl';
import { block, codeBlock, em, image, link, listItem, resetRichText, span, strong } from './testing';
import type { RichTextBlockProps, RichTextMarkProps } from './types';

beforeEach(() => {
  resetChannel();
  resetRichText();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const html = (ui: React.ReactElement) => render(ui).container.innerHTML;

describe('RichText defaults', () => {
  it('renders every standard style', () => {
    const styles = ['normal', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'] as const;
    const out = html(<RichText value={styles.map((s) => block(s, s))} headingIds={false} />);
    expect(out).toBe(
      '<p>normal</p><h1>h1</h1><h2>h2</h2><h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6><blockquote>blockquote</blockquote>',
    );
  });

  it('renders every standard mark, nested', () => {
    const out = html(
      <RichText
        value={block(
          'normal',
          strong('b'),
          em('i'),
          span('c', 'code'),
          span('u', 'underline'),
          span('s', 'strike-through'),
          span('x', 'strong', 'em'),
          link('l', '/docs'),
        )}
      />,
    );
    expect(out).toBe(
      '<p><strong>b</strong><em>i</em><code>c</code><span style="text-decoration: underline;">u</span><del>s</del><strong><em>x</em></strong><a href="/docs">l</a></p>',
    );
  });

  it('renders bullet and numbered lists at any depth', () => {
    const value = [
      listItem('bullet', 1, 'a'),
      listItem('bullet', 2, 'a.1'),
      listItem('number', 3, 'a.1.i'),
      listItem('bullet', 1, 'b'),
      listItem('number', 1, 'one'),
    ];
    expect(html(<RichText value={value} />)).toBe(
      '<ul><li>a<ul><li>a.1<ol><li>a.1.i</li></ol></li></ul></li><li>b</li></ul><ol><li>one</li></ol>',
    );
  });

  it('renders hard breaks', () => {
    expect(html(<RichText value={block('normal', 'a\nb')} />)).toBe('<p>a<br>b</p>');
  });

  it('renders a code block ready for a highlighter', () => {
    expect(html(<RichText value={codeBlock('const a = "<b>"', 'ts')} />)).toBe(
      '<pre data-language="ts" tabindex="0"><code class="language-ts">const a = "&lt;b&gt;"</code></pre>',
    );
    expect(html(<RichText value={codeBlock('x')} />)).toBe('<pre tabindex="0"><code>x</code></pre>');
  });
});

describe('images', () => {
  it('renders a lazy image with its intrinsic size and required alt', () => {
    const { container } = render(
      <RichText value={image({ alt: 'A cat', url: 'https://cdn.example/cat.jpg', width: 800, height: 600 })} />,
    );
    // A query, not getByRole: computing the accessibility tree in jsdom takes seconds on a busy machine.
    const img = container.querySelector('img[alt="A cat"]') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://cdn.example/cat.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('builds a srcset up to the intrinsic width with a URL builder, and a figure for a caption', () => {
    const url = (img: { url?: string }, w?: number) => `${img.url}?w=${w ?? 'max'}`;
    const { container } = render(
      <RichText
        value={image({ alt: '', url: '/a.png', width: 700, height: 350, caption: 'Fig. 1' })}
        image={{ url, widths: [320, 640, 1280], sizes: '50vw' }}
      />,
    );
    const img = container.querySelector('figure > img') as HTMLImageElement;
    expect(img.getAttribute('srcset')).toBe('/a.png?w=320 320w, /a.png?w=640 640w, /a.png?w=700 700w');
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('src')).toBe('/a.png?w=max');
    expect(img.getAttribute('alt')).toBe('');
    expect(container.querySelector('figcaption')?.textContent).toBe('Fig. 1');
  });

  it('turns a Sanity asset reference into CDN URLs and keeps its dimensions', () => {
    const { container } = render(
      <RichText
        value={image({ alt: 'Hero', asset: { _ref: 'image-abc123-1000x500-jpg' } })}
        image={{ url: sanityImageUrl({ projectId: 'p1', dataset: 'prod' }), widths: [480, 2000] }}
      />,
    );
    const img = container.querySelector('img[alt="Hero"]') as HTMLImageElement;
    expect(img.getAttribute('width')).toBe('1000');
    expect(img.getAttribute('height')).toBe('500');
    expect(img.getAttribute('src')).toBe('https://cdn.sanity.io/images/p1/prod/abc123-1000x500.jpg?auto=format');
    expect(img.getAttribute('srcset')).toBe(
      'https://cdn.sanity.io/images/p1/prod/abc123-1000x500.jpg?auto=format&w=480&fit=max 480w, https://cdn.sanity.io/images/p1/prod/abc123-1000x500.jpg?auto=format&w=1000&fit=max 1000w',
    );
  });

  it('renders nothing for an image without any URL', () => {
    expect(html(<RichText value={image({ alt: 'x' })} />)).toBe('');
  });
});

describe('links', () => {
  it('renders hostile links as plain text', () => {
    const hostile = [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      '\u0000javascript:x',
      'data:text/html,<b>',
      'vbscript:x',
      'file:///etc/passwd',
      'jav&#x09;ascript:alert(1)',
    ];
    const { container } = render(<RichText value={hostile.map((h, i) => block('normal', link(`t${i}`, h)))} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(hostile.map((_, i) => `t${i}`).join(''));
  });

  it('adds rel to links to other origins and target only when configured', () => {
    const value = block(
      'normal',
      link('ext', 'https://other.example/x'),
      link('int', '/x'),
      link('pr', '//evil.com'),
      link('mail', 'mailto:a@b.c'),
    );
    const first = render(<RichText value={value} />);
    const rels = [...first.container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('rel'),
      a.getAttribute('target'),
    ]);
    expect(rels).toEqual([
      ['ext', 'noopener noreferrer', null],
      ['int', null, null],
      ['pr', 'noopener noreferrer', null],
      ['mail', null, null],
    ]);
    first.unmount();
    const second = render(<RichText value={value} externalLinksInNewTab origin="https://other.example" />);
    const targets = [...second.container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('rel'),
      a.getAttribute('target'),
    ]);
    expect(targets).toEqual([
      ['ext', null, null],
      ['int', null, null],
      ['pr', 'noopener noreferrer', '_blank'],
      ['mail', null, null],
    ]);
  });
});

describe('heading ids', () => {
  it('derives stable, unique ids from the heading text', () => {
    const value = [
      block('h2', 'Getting started'),
      block('h2', 'Getting started'),
      block('h3', 'Ünïcödé & “quotes”!'),
      block('h2', '???'),
      block('normal', 'Getting started'),
    ];
    const { container } = render(<RichText value={value} />);
    expect([...container.querySelectorAll('h2,h3')].map((h) => h.id)).toEqual([
      'getting-started',
      'getting-started-1',
      'unicode-quotes',
      'section',
    ]);
    expect(container.querySelector('p')?.hasAttribute('id')).toBe(false);
  });

  it('are available to custom heading components through useHeadingId', () => {
    expect(html(<RichText value={[block('h2', 'Intro'), block('h2', 'Intro')]} components={titleComponents} />)).toBe(
      '<h2 id="intro" class="title">Intro<a href="#intro">#</a></h2><h2 id="intro-1" class="title">Intro<a href="#intro-1">#</a></h2>',
    );
  });

  it('are not given to headings inside list items', () => {
    expect(html(<RichText value={[{ ...listItem('bullet', 1, 'Item'), style: 'h3' }]} />)).toBe(
      '<ul><li><h3>Item</h3></li></ul>',
    );
  });

  it('can be turned off or customised', () => {
    expect(html(<RichText value={block('h2', 'A')} headingIds={false} />)).toBe('<h2>A</h2>');
    const prefix = (text: string) => `doc-${text.toLowerCase()}`;
    expect(html(<RichText value={[block('h2', 'A'), block('h3', 'A')]} headingIds={prefix} />)).toBe(
      '<h2 id="doc-a">A</h2><h3 id="doc-a-1">A</h3>',
    );
  });
});

const TitleWithAnchor = ({ value, children }: RichTextBlockProps) => {
  const id = useHeadingId(value);
  return (
    <h2 id={id} className="title">
      {children}
      <a href={`#${id}`}>#</a>
    </h2>
  );
};
const titleComponents = { block: { h2: TitleWithAnchor } };

const Callout = ({ value }: { value: { text: string } }) => <aside>{value.text}</aside>;
const Highlight = ({ children }: RichTextMarkProps) => <mark>{children}</mark>;

describe('components', () => {
  it('merges overrides over the defaults', () => {
    const value = [
      block('h2', 'T', span('m', 'highlight')),
      { _type: 'callout', _key: 'c', text: 'Note' },
      listItem('check', 1, 'done'),
    ];
    const out = html(
      <RichText
        value={value}
        components={{
          types: { callout: Callout },
          marks: { highlight: Highlight },
          list: { check: ({ children }) => <ul className="checks">{children}</ul> },
          block: { normal: ({ children }) => <p className="lead">{children}</p> },
        }}
      />,
    );
    expect(out).toBe('<h2 id="tm">T<mark>m</mark></h2><aside>Note</aside><ul class="checks"><li>done</li></ul>');
  });
});

describe('missing components', () => {
  const unknown = [
    { _type: 'widget', _key: 'w1' },
    block('normal', 'before ', span('odd', 'sparkle'), ' after'),
    listItem('roman', 1, 'r'),
    { _type: 'widget', _key: 'w2' },
  ];

  it('render nothing visible for an unknown type and keep the text for unknown marks and lists', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(html(<RichText value={unknown} />)).toBe(
      '<p>before <span class="unknown__pt__mark__sparkle">odd</span> after</p><ul><li>r</li></ul>',
    );
  });

  it('render a configurable fallback', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const out = html(
      <RichText value={unknown[0]} components={{ unknownType: ({ value }) => <div data-missing={value._type} /> }} />,
    );
    expect(out).toBe('<div data-missing="widget"></div>');
  });

  it('warn once per type in development, not once per render', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<RichText value={unknown} />);
    rerender(<RichText value={[...unknown]} />);
    render(<RichText value={unknown} />);
    const messages = warn.mock.calls.map((c) => c[0]);
    expect(messages).toEqual([
      '[@plinth/rich-text] Unknown block type "widget", specify a component for it in the `components.types` prop',
      '[@plinth/rich-text] Unknown mark type "sparkle", specify a component for it in the `components.marks` prop',
      '[@plinth/rich-text] Unknown list style "roman", specify a component for it in the `components.list` prop',
    ]);
  });

  it('warn again after resetRichText() (the testing reset)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<RichText value={unknown[0]} />);
    render(<RichText value={unknown[0]} />);
    expect(warn).toHaveBeenCalledTimes(1);
    resetRichText();
    render(<RichText value={unknown[0]} />);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('report once per type on the core channel in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn');
    const reports: ChannelEventOf<'report'>[] = [];
    channel.on('report', (e) => reports.push(e));
    const { rerender } = render(<RichText value={unknown} />);
    rerender(<RichText value={[...unknown]} />);
    expect(warn).not.toHaveBeenCalled();
    expect(reports.map((r) => [r.level, r.context])).toEqual([
      ['warn', { kind: 'block', type: 'widget' }],
      ['warn', { kind: 'mark', type: 'sparkle' }],
      ['warn', { kind: 'listStyle', type: 'roman' }],
    ]);
  });
});

describe('input normalisation', () => {
  it('renders nothing for null, undefined and empty arrays', () => {
    for (const value of [null, undefined, []]) expect(html(<RichText value={value} />)).toBe('');
  });

  it('accepts a single block', () => {
    expect(html(<RichText value={block('normal', 'one')} />)).toBe('<p>one</p>');
  });

  it('strips zero-width and stega characters from _type and style', () => {
    const stega = '\u200b\u200c\u200d\ufeff\u2060\u{e0041}';
    const value = [
      { ...block('h2', 'Title'), _type: `block${stega}`, style: `h2${stega}` },
      { ...codeBlock('x'), _type: `code${stega}` },
      { ...listItem('bullet', 1, 'li'), listItem: `bul${stega}let` },
    ];
    expect(html(<RichText value={value} />)).toBe(
      '<h2 id="title">Title</h2><pre tabindex="0"><code>x</code></pre><ul><li>li</li></ul>',
    );
  });

  it('strips them from span types, mark names and mark definition types too', () => {
    const stega = '\u200b\u2060';
    const value = [
      {
        _type: 'block',
        _key: 'b',
        style: 'normal',
        markDefs: [{ _type: `li${stega}nk`, _key: 'l', href: 'https://example.com/' }],
        children: [
          { _type: `sp${stega}an`, _key: 's1', text: 'bold', marks: [`str${stega}ong`] },
          { _type: 'span', _key: 's2', text: ' link', marks: ['l'] },
        ],
      },
    ];
    expect(html(<RichText value={value} />)).toBe(
      '<p><strong>bold</strong><a href="https://example.com/" rel="noopener noreferrer"> link</a></p>',
    );
  });

  it('does not crash on missing _keys, missing markDefs or junk entries', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const value = [
      { _type: 'block', children: [{ _type: 'span', text: 'a', marks: [] }] },
      { _type: 'block', children: [{ _type: 'span', text: 'b' }] },
      null,
      'text',
      42,
      { noType: true },
      { _type: 'block', style: 'h2', children: [{ _type: 'span', text: 'c', marks: ['nope'] }] },
    ];
    expect(html(<RichText value={value as never} />)).toBe(
      '<p>a</p><p>b</p><h2 id="c"><span class="unknown__pt__mark__nope">c</span></h2>',
    );
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('makes repeated top-level keys unique instead of letting React warn on every render', () => {
    const error = vi.spyOn(console, 'error');
    const value = [
      { ...block('normal', 'a'), _key: 'same' },
      { ...block('normal', 'b'), _key: 'same' },
    ];
    expect(html(<RichText value={value} />)).toBe('<p>a</p><p>b</p>');
    expect(error).not.toHaveBeenCalled();
  });

  it('does not copy a clean document (no per-block allocation)', async () => {
    const { normalize } = await import('./normalize');
    const value = [block('normal', 'a'), block('h2', 'b')];
    expect(normalize(value)).toBe(value);
  });
});
