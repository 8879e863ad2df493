/** Chromium's headless shell (`shell`, the default) or the full browser (`browser`): see chromium.mjs. */
export declare function chromiumLaunchOptions(kind?: 'shell' | 'browser'): {
  executablePath?: string;
  channel?: string;
  args: string[];
};
