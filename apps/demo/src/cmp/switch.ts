/**
 * What this tab tries, from the query: `?cmp=tcf` or `?cmp=gpp` puts a CMP of the demo's own in charge instead of
 * Plinth's banner, `?gpc=on` makes the store see Global Privacy Control as if the browser sent it (the inspector's
 * toggle); `?cmp=off` / `?gpc=off` go back. Kept in sessionStorage, so per tab and across reloads. No side effect but
 * reading (and keeping) the query. In the start-up chunk, so it stays this small: the CMPs are in src/cmp/start.ts.
 */
const tabSetting = (name: string, values: readonly string[]): string | undefined => {
  if (typeof window === 'undefined') return undefined;
  const key = `plinth.demo.${name}`;
  const asked = new URLSearchParams(location.search).get(name);
  if (asked === 'off') sessionStorage.removeItem(key);
  else if (asked && values.includes(asked)) sessionStorage.setItem(key, asked);
  const value = sessionStorage.getItem(key) ?? undefined;
  return value && values.includes(value) ? value : undefined;
};

/** The CMP in charge of consent in this tab, if any. */
export const cmpInCharge = tabSetting('cmp', ['tcf', 'gpp']) as 'tcf' | 'gpp' | undefined;
/** The inspector's Global Privacy Control toggle is on in this tab. */
export const gpcOn = tabSetting('gpc', ['on']) === 'on';
