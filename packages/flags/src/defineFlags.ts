/** A value a flag can take: what LaunchDarkly serves as JSON. */
export type FlagValue = boolean | number | string | null | readonly FlagValue[] | { readonly [key: string]: FlagValue };

/** The catalogue: every flag key, exactly as written in the flag service, with its default. */
export interface FlagCatalogue<Defaults extends object = Record<string, FlagValue>> {
  readonly defaults: Readonly<Defaults>;
}

/**
 * Register your catalogue once so `useFlag`, `useVariant` and `<Feature>` are typed from it:
 *
 * ```ts
 * declare module '@plinth/flags' {
 *   interface FlagsRegister { flags: typeof flags }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FlagsRegister {}

/** The registered flag values (`Record<string, FlagValue>` until a catalogue is registered). */
export type FlagValues = FlagsRegister extends { flags: FlagCatalogue<infer Defaults> }
  ? Defaults
  : Record<string, FlagValue>;
/** A registered flag key. */
export type FlagKey = keyof FlagValues & string;
/**
 * A registered experiment metric key (`string` until `FlagsRegister` has `metrics`, e.g.
 * `metrics: 'checkout-completed' | 'revenue'`), as named in LaunchDarkly's metrics.
 */
export type MetricKey = FlagsRegister extends { metrics: infer Metric extends string } ? Metric : string;

/** `false` is a boolean flag, not a flag that is always `false`; declared unions stay as written. */
type Catalogued<Defaults> = { [K in keyof Defaults]: Defaults[K] extends boolean ? boolean : Defaults[K] };

/**
 * The flag catalogue and its defaults. Keys stay exactly as written (never camelCased); a union
 * type on a default (`'control' as 'control' | 'a' | 'b'`) is the set of variants.
 *
 * @example
 * export const flags = defineFlags({ 'new-checkout': false, theme: 'light' as 'light' | 'dark' });
 */
export function defineFlags<Defaults extends object>(
  defaults: Defaults & { [K in keyof Defaults]: FlagValue },
): FlagCatalogue<Catalogued<Defaults>> {
  return Object.freeze({ defaults: Object.freeze({ ...defaults }) }) as FlagCatalogue<Catalogued<Defaults>>;
}
