import { reportMisconfiguration } from '@plinth/core';
import type { FlagValue } from './defineFlags';
import type { FlagErrorCode, FlagReason } from './store';

/** A flag as the service served it. */
export interface ServedFlag {
  value: FlagValue | undefined;
  reason: FlagReason;
}

export interface CheckedFlag extends ServedFlag {
  errorCode?: FlagErrorCode;
}

/**
 * What the service serves, checked against the catalogue; `errors()` says which catalogue flags fell back
 * to their default although the service answered.
 */
export interface CatalogueCheck {
  /**
   * A value of another type than the default is refused (`TYPE_MISMATCH`: the default is used), and on a
   * `complete` answer a catalogue flag it does not serve is `FLAG_NOT_FOUND` (LaunchDarkly leaves out flags
   * not available to client-side SDKs, silently). Each is reported once: a console warning in development,
   * an error report on the channel.
   */
  checked(served: Record<string, ServedFlag>, complete: boolean): Record<string, CheckedFlag>;
  errors(): Readonly<Record<string, FlagErrorCode>>;
}

/** The JSON kind of a value, to compare what the service serves with the catalogue's default. */
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

export function createCatalogueCheck(defaults: Readonly<Record<string, FlagValue>>): CatalogueCheck {
  const errors: Record<string, FlagErrorCode> = {};
  return {
    checked(served, complete) {
      const out: Record<string, CheckedFlag> = {};
      for (const [name, flag] of Object.entries(served)) {
        const fallback = defaults[name];
        const mismatch =
          fallback !== undefined && flag.value != null && fallback !== null && kindOf(flag.value) !== kindOf(fallback);
        if (mismatch) {
          errors[name] = 'TYPE_MISMATCH';
          reportMisconfiguration(
            `launchdarkly:type:${name}`,
            `launchdarkly: flag "${name}" is a ${kindOf(flag.value)} in LaunchDarkly but a ${kindOf(fallback)} in the catalogue: its default is used (TYPE_MISMATCH)`,
            { flag: name, errorCode: 'TYPE_MISMATCH' },
          );
          out[name] = { ...flag, errorCode: 'TYPE_MISMATCH' };
        } else {
          delete errors[name];
          out[name] = flag;
        }
      }
      if (complete) {
        for (const name of Object.keys(defaults)) {
          if (Object.hasOwn(served, name)) continue;
          errors[name] = 'FLAG_NOT_FOUND';
          reportMisconfiguration(
            `launchdarkly:missing:${name}`,
            `launchdarkly: flag "${name}" is not in the client-side evaluation, so its default is used (FLAG_NOT_FOUND). Is it available to client-side SDKs ("SDKs using Client-side ID" in the flag's settings), and spelled as in LaunchDarkly?`,
            { flag: name, errorCode: 'FLAG_NOT_FOUND' },
          );
          out[name] = { value: undefined, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' };
        }
      }
      return out;
    },
    errors: () => ({ ...errors }),
  };
}
