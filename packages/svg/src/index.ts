export { InlineSvg, type InlineSvgProps } from './InlineSvg';
export { type SanitizeSvgOptions, sanitizeSvg } from './sanitizeSvg';
export {
  clearSvgCache,
  configureSvg,
  loadSvg,
  type SvgConfig,
  SvgError,
  type SvgErrorCode,
} from './svgCache';
