import { useContext } from 'react';
import { SettingsContext } from './context';
import { isOtherOrigin, safeHref } from './safeHref';
import type { RichTextLink, RichTextMarkProps } from './types';

/**
 * The default `link` mark: an `<a>` only for a safe href (see `safeHref`), otherwise just the text.
 * Links to other origins get `rel="noopener noreferrer"`, and `target="_blank"` when
 * `externalLinksInNewTab` is set.
 */
export function Link({ value, children }: RichTextMarkProps<RichTextLink>) {
  const { origin, newTab } = useContext(SettingsContext);
  const href = safeHref(value?.href);
  if (!href) return children;
  const other = isOtherOrigin(href, origin);
  return (
    <a href={href} rel={other ? 'noopener noreferrer' : undefined} target={other && newTab ? '_blank' : undefined}>
      {children}
    </a>
  );
}
