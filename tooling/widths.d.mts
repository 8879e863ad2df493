/** The toolbar's widths: see widths.mjs. */
export declare const WIDTHS: {
  readonly phone: {
    readonly name: 'Phone (390 × 844)';
    readonly width: 390;
    readonly height: 844;
    readonly type: 'mobile';
  };
  readonly tablet: {
    readonly name: 'Tablet (820 × 1180)';
    readonly width: 820;
    readonly height: 1180;
    readonly type: 'tablet';
  };
  readonly desktop: {
    readonly name: 'Desktop (1280 × 800)';
    readonly width: 1280;
    readonly height: 800;
    readonly type: 'desktop';
  };
};
/** How a screenshot is taken: see widths.mjs. */
export declare const SCREENSHOT: {
  readonly animations: 'disabled';
  readonly caret: 'hide';
  readonly volatile: '[data-volatile]';
};
