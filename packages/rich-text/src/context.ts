import { createContext, useContext } from 'react';
import type { RichTextImageOptions } from './types';

/** Per-document settings the default components read. One object per `RichText`, memoised. */
export interface RichTextSettings {
  /** Heading ids by block object (and by `_key`, for copies made by the list renderer). */
  ids: Map<unknown, string> | undefined;
  origin: string | undefined;
  newTab: boolean | undefined;
  image: RichTextImageOptions | undefined;
}

export const SettingsContext = createContext<RichTextSettings>({
  ids: undefined,
  origin: undefined,
  newTab: undefined,
  image: undefined,
});

/** The id `RichText` gave a heading block (for custom heading components), or `undefined` when ids are off. */
export function useHeadingId(block: { _key?: string }): string | undefined {
  const { ids } = useContext(SettingsContext);
  return ids && (ids.get(block) ?? ids.get(block._key));
}
