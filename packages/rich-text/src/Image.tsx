import { useContext } from 'react';
import { SettingsContext } from './context';
import type { RichTextImage, RichTextTypeProps } from './types';

const WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920, 2560];
const REF_SIZE = /-(\d+)x(\d+)-\w+$/;

/** Intrinsic `[width, height]`: from the block, the asset metadata, or a Sanity asset reference (`image-…-800x600-jpg`). */
export function imageSize(image: RichTextImage): [number?, number?] {
  if (image.width && image.height) return [image.width, image.height];
  const d = image.asset?.metadata?.dimensions;
  if (d) return [d.width, d.height];
  const m = REF_SIZE.exec(image.asset?._ref ?? image.asset?._id ?? '');
  return m ? [+(m[1] as string), +(m[2] as string)] : [];
}

/**
 * Never wider than its column, its height following its width: the `width`/`height` attributes then give the
 * aspect ratio (the space is kept before the image loads), whatever the app's CSS does to `img`. A custom
 * `image` component replaces it.
 */
const FLUID = { maxWidth: '100%', height: 'auto' } as const;

/**
 * The default `image` type: a lazy `<img>` with width/height kept (no layout shift) and, with a
 * URL builder configured, a `srcset` of widths up to the intrinsic width. A caption makes it a `<figure>`.
 */
export function Image({ value, isInline }: RichTextTypeProps<RichTextImage>) {
  const { image: options } = useContext(SettingsContext);
  const [width, height] = imageSize(value);
  const build = options?.url;
  let src = value.url ?? value.asset?.url;
  let srcSet: string | undefined;
  if (build) {
    const widths = (options.widths ?? WIDTHS).filter((w) => !width || w <= width);
    if (width && !widths.includes(width)) widths.push(width);
    srcSet = widths.map((w) => `${build(value, w)} ${w}w`).join(', ') || undefined;
    src = build(value) ?? src;
  }
  if (!src) return null;
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && (options?.sizes ?? '100vw')}
      width={width}
      height={height}
      style={FLUID}
      alt={value.alt ?? ''}
      loading="lazy"
      decoding="async"
    />
  );
  return isInline || !value.caption ? (
    img
  ) : (
    <figure>
      {img}
      <figcaption>{value.caption}</figcaption>
    </figure>
  );
}
