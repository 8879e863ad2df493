import {
  Controls,
  Description,
  DocsContext,
  Markdown,
  Primary,
  Stories,
  Subtitle,
  Title,
} from '@storybook/addon-docs/blocks';
import { useContext } from 'react';
import { referenceImage, WIDTHS } from './widths';

/**
 * The docs page of every component (preview.tsx's `docs.page`): Storybook's own page (title, description, the
 * primary story and its controls, every other story: the primary is not drawn twice, as each frame costs a reader's
 * browser a Storybook preview) with what a designer also looks for: the component's status, every state side by
 * side at phone and desktop width, light and dark, and what changed in its package.
 */
export function DocsPage() {
  return (
    <>
      <Title />
      <StatusLabel />
      <Subtitle />
      <Description />
      <Primary />
      <Controls />
      <StatesGrid />
      <Stories title="Each state" includePrimary={false} />
      <Changelog />
    </>
  );
}

function useDocs() {
  const context = useContext(DocsContext);
  const stories = context.componentStories();
  return { context, stories };
}

/**
 * A component's status, from its stories' tags: `stable` (a published package: changes come with a changeset and a
 * semver bump) or `beta` (the demo's own UI: private, changed without a release). The sidebar shows the same label
 * (manager.ts).
 */
const STATUSES = {
  stable: 'Stable: a published package; changes come with a changeset and a version.',
  beta: 'Beta: the demo’s own UI, not published; it may change without a release.',
} as const;

function StatusLabel() {
  const { stories } = useDocs();
  const status = (Object.keys(STATUSES) as (keyof typeof STATUSES)[]).find((name) => stories[0]?.tags.includes(name));
  if (!status) return null;
  return (
    <p className="docs-status" data-status={status}>
      <span className="docs-status-label">{status}</span> {STATUSES[status].split(': ')[1]}
    </p>
  );
}

const SHOTS = [
  { width: WIDTHS.phone, theme: 'light' as const },
  { width: WIDTHS.phone, theme: 'dark' as const },
  { width: WIDTHS.desktop, theme: 'light' as const },
  { width: WIDTHS.desktop, theme: 'dark' as const },
] as const;

/**
 * Every state of the component side by side: one row per story (its interaction played), at phone and desktop
 * width, light and dark. The pictures are the visual regression's reference images (.storybook/screenshots/, served
 * at screenshots/), so what a designer compares here is what the suite compares every run; a story tagged `check`
 * (a test, not a state) has none and is not listed. A picture opens full size.
 */
function StatesGrid() {
  const { stories } = useDocs();
  const states = stories.filter((story) => !story.tags.includes('check'));
  if (states.length === 0) return null;
  return (
    <section className="docs-states" aria-labelledby="docs-states-title">
      <h2 id="docs-states-title">All states</h2>
      <p>
        Every state at phone (390 px) and desktop (1280 px) width, light and dark: the reference images the visual
        regression compares on every run.
      </p>
      <table>
        <colgroup>
          <col className="docs-states-name" />
          {SHOTS.map(({ width, theme }) => (
            <col key={`${width.type}-${theme}`} data-width={width.type} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">State</th>
            {SHOTS.map(({ width, theme }) => (
              <th key={`${width.type}-${theme}`} scope="col">
                {width.type === 'mobile' ? 'Phone' : 'Desktop'}, {theme}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {states.map((story) => (
            <tr key={story.id}>
              <th scope="row">
                <a href={`?path=/story/${story.id}`} target="_top">
                  {story.name}
                </a>
              </th>
              {SHOTS.map(({ width, theme }) => {
                const src = `screenshots/${referenceImage(story.id, width.type, theme)}`;
                const label = `${story.name}, ${width.type === 'mobile' ? 'phone' : 'desktop'}, ${theme}`;
                return (
                  <td key={src} data-width={width.type}>
                    <a href={src} target="_blank" rel="noreferrer">
                      <img src={src} alt={label} loading="lazy" width={width.width} />
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every changeset of the repository (its front matter names the packages it bumps), read at build time. */
const CHANGESETS = import.meta.glob<string>('../.changeset/*.md', { query: '?raw', import: 'default', eager: true });
/** Released entries, once a package has a CHANGELOG.md (changesets writes it at release). */
const CHANGELOGS = import.meta.glob<string>('../packages/*/CHANGELOG.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

interface Change {
  file: string;
  bump: string;
  text: string;
}

/** The pending changesets that bump `name` (a package's npm name), newest file name last as on disk. */
function changesFor(name: string, files: Record<string, string> = CHANGESETS): Change[] {
  const changes: Change[] = [];
  for (const [path, source] of Object.entries(files)) {
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
    if (!match) continue;
    const [, front = '', text = ''] = match;
    for (const line of front.split('\n')) {
      const entry = /^["']?([^"':]+)["']?\s*:\s*(\w+)/.exec(line.trim());
      if (entry?.[1] === name)
        changes.push({ file: path.split('/').pop() ?? path, bump: entry[2] ?? '', text: text.trim() });
    }
  }
  return changes;
}

/** The package a story file belongs to: `./packages/<dir>/…` is `@plinth/<dir>`; the demo's UI is not published. */
const packageOf = (importPath: string) => /^\.\/packages\/([^/]+)\//.exec(importPath)?.[1];

/**
 * What changed in the component's package: its released entries (CHANGELOG.md, written by `changeset version` at a
 * release) and the changes waiting for the next release (the pending `.changeset/*.md` files that bump it).
 */
function Changelog() {
  const { stories } = useDocs();
  const dir = stories[0] && packageOf(stories[0].importPath);
  const name = dir && `@plinth/${dir}`;
  const released = dir && CHANGELOGS[`../packages/${dir}/CHANGELOG.md`];
  const pending = name ? changesFor(name) : [];
  return (
    <section className="docs-changelog" aria-labelledby="docs-changelog-title">
      <h2 id="docs-changelog-title">Changelog</h2>
      {!name ? (
        <p>The demo’s own UI is not published: it has no releases or changesets (its history is in git).</p>
      ) : (
        <>
          <p>
            <code>{name}</code>: {released ? 'released versions below, then ' : 'not released yet; '}
            {pending.length} change{pending.length === 1 ? '' : 's'} waiting for the next release (
            <code>.changeset/</code>).
          </p>
          <ul>
            {pending.map((change) => (
              <li key={change.file}>
                <strong>{change.bump}</strong> <small>({change.file})</small>
                <Markdown>{change.text}</Markdown>
              </li>
            ))}
          </ul>
          {released && <pre className="docs-changelog-released">{released}</pre>}
        </>
      )}
    </section>
  );
}
