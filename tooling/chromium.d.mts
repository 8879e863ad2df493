/** Chromium's headless shell (`shell`, the default) or the full browser (`browser`): see chromium.mjs. */
export declare function chromiumLaunchOptions(kind?: 'shell' | 'browser'): {
  executablePath?: string;
  channel?: string;
  args: string[];
};
/** Launch arguments for reference images that compare pixel for pixel: see chromium.mjs. */
export declare const STABLE_PIXELS_ARGS: readonly string[];
