import { LazyRender } from '@plinth/lazy';
import { RichText } from '@plinth/rich-text';
import { InlineSvg } from '@plinth/svg';
import { sections } from '../article';
import { useTitle } from './useTitle';

const ICONS = ['/icons/gradient-badge.svg', '/icons/shield.svg', '/icons/bolt.svg'];
const [first, ...rest] = sections as [(typeof sections)[number], ...typeof sections];
/**
 * A lazy section's height, rendered or not (it matches `.section` in styles.css: 305 px with its
 * border and padding). Sections 2–8 measure less than that at 1280, 390 and 320 px wide, so 18.5rem holds
 * them on any width down to a phone and nothing shifts.
 */
const SECTION_HEIGHT = '18.5rem';

function SectionBody({ body }: { body: (typeof sections)[number]['body'] }) {
  return (
    <>
      <div className="icons">
        {ICONS.map((src) => (
          <InlineSvg key={src} src={src} title={null} width={28} height={28} />
        ))}
      </div>
      <RichText value={body} />
    </>
  );
}

export function Article() {
  useTitle('Article');
  return (
    <article className="article">
      <h1>Rendered on scroll</h1>
      <p>
        Each section after the first is a <code>LazyRender</code> holding Portable Text and inline SVG icons. An icon is
        fetched once per URL however many copies there are, and only when its section approaches the viewport.
      </p>
      <p className="hostile">
        A hostile SVG (script, onload, javascript: link, foreignObject) is sanitised before it reaches the DOM:{' '}
        <InlineSvg src="/icons/hostile.svg" title="Sanitised hostile icon" width={24} height={24} />
      </p>
      {/* The first section is in the first viewport and taller than the others (its text wraps to
          322 px at 1280 px wide, 394 px at 390 px): it renders at once, with no placeholder to get wrong. */}
      <div className="section" data-section={1}>
        <SectionBody body={first.body} />
      </div>
      {/* Each later placeholder reserves the section's height (SECTION_HEIGHT, also the section's CSS
          min-height): a section that renders in view pushes nothing down. */}
      {rest.map((section, i) => (
        <LazyRender key={section.title} minHeight={SECTION_HEIGHT} className="section" data-section={i + 2}>
          <SectionBody body={section.body} />
        </LazyRender>
      ))}
    </article>
  );
}
