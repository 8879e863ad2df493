import { useContext } from 'react';
import { SettingsContext } from './context';
import { judgeHref } from './safeHref';
import type { RichTextLink, RichTextMarkProps } from './types';

/**
 * The default `link` mark: an `<a>` only for a safe href (see `safeHref`), otherwise just the text.
 * Links to other origins get `rel="noopener noreferrer"`, and `target="_blank"` when
 * `externalLinksInNewTab` is set.
 */
export function Link({ value, children }: RichTextMarkProps<RichTextLink>) {
  const { origin, newTab } = useContext(SettingsContext);
  const judged = judgeHref(value?.href, origin);
  if (!judged) return children;
  const [href, other] = judged;
  return (
    <a href={href} rel={other ? 'noopener noreferrer' : undefined} target={other && newTab ? '_blank' : undefined}>
      {children}
    </a>
  );
}
