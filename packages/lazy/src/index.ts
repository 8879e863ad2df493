export { LazyRender, type LazyRenderProps } from './LazyRender';
export { useInViewOnce } from './useInViewOnce';
export { DEFAULT_ROOT_MARGIN, type InViewOptions, type InViewResult } from './useLazyInView';
