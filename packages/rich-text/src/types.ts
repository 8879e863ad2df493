import type {
  PortableTextComponentProps,
  PortableTextComponents,
  PortableTextMarkComponentProps,
  PortableTextTypeComponentProps,
} from '@portabletext/react';
import type {
  ArbitraryTypedObject,
  PortableTextBlock,
  PortableTextLink,
  PortableTextListItemBlock,
  PortableTextMarkDefinition,
  PortableTextSpan,
  TypedObject,
} from '@portabletext/types';

/** Any object with a `_type`: the smallest thing a rich-text value may contain. */
export type RichTextTypedObject = TypedObject;
/** A text block: a paragraph, heading, quote or list item. */
export type RichTextBlock<
  M extends PortableTextMarkDefinition = PortableTextMarkDefinition,
  C extends TypedObject = ArbitraryTypedObject | PortableTextSpan,
  S extends string = RichTextBlockStyle,
  L extends string = RichTextListItemType,
> = PortableTextBlock<M, C, S, L>;
/** A text block that is part of a list (`listItem` and `level` set). */
export type RichTextListItemBlock = PortableTextListItemBlock;
/** A run of text inside a block, with the marks (decorators and annotation keys) that apply. */
export type RichTextSpan = PortableTextSpan;
/** An annotation (a mark with data, such as a link), referenced from a span's `marks` by `_key`. */
export type RichTextMarkDefinition = PortableTextMarkDefinition;
/** The `link` annotation. */
export type RichTextLink = PortableTextLink;
/** The block styles rendered by default; any other string is a custom style. */
export type RichTextBlockStyle = 'normal' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote' | (string & {});
/** The list shapes rendered by default; any other string is a custom list type. */
export type RichTextListItemType = 'bullet' | 'number' | (string & {});
/** The decorators rendered by default. */
export type RichTextDecorator = 'strong' | 'em' | 'code' | 'underline' | 'strike-through';

/**
 * An image block. `alt` is required: write `''` on purpose for a decorative image.
 * The URL comes from `url`, `asset.url`, or the configured `imageUrl` builder (e.g. from a Sanity `asset._ref`).
 */
export interface RichTextImage {
  _type: 'image';
  _key?: string;
  alt: string;
  caption?: string;
  url?: string;
  /** Intrinsic size in pixels; kept as width/height attributes so the browser reserves the space. */
  width?: number;
  height?: number;
  asset?: {
    _ref?: string;
    _id?: string;
    url?: string;
    metadata?: { dimensions?: { width: number; height: number } };
  };
}

/** A code block, in the shape of Sanity's `@sanity/code-input`. */
export interface RichTextCode {
  _type: 'code';
  _key?: string;
  code: string;
  language?: string;
  filename?: string;
}

/** Anything a rich-text document may contain. */
export type RichTextNode = RichTextBlock | RichTextImage | RichTextCode | ArbitraryTypedObject;
/** A rich-text document: an array of blocks (a single block is accepted too). */
export type RichTextValue<N extends TypedObject = RichTextNode> = N | readonly N[];

/** Component overrides; merged over Plinth's defaults (`block`, `marks`, `list`, `listItem`, `types`, `hardBreak`, `unknown*`). */
export type RichTextComponents = PortableTextComponents;
/** Props of a block-style, list or list-item component. */
export type RichTextBlockProps<N = RichTextBlock> = PortableTextComponentProps<N>;
/** Props of a mark component: `value` is the annotation (undefined for decorators), `text` the plain text. */
export type RichTextMarkProps<M extends TypedObject = RichTextMarkDefinition> = PortableTextMarkComponentProps<M>;
/** Props of a custom type component (`components.types[...]`). */
export type RichTextTypeProps<T extends TypedObject = ArbitraryTypedObject> = PortableTextTypeComponentProps<T>;

/** Builds an image URL at a given width (or the default size when `width` is undefined). */
export type ImageUrlBuilder = (image: RichTextImage, width?: number) => string | undefined;

export interface RichTextImageOptions {
  /** URL builder; with one, images get a `srcset`. Default: the image's own `url`/`asset.url`, no `srcset`. */
  url?: ImageUrlBuilder;
  /** Candidate widths for `srcset` (never above the intrinsic width). Default 320…2560. */
  widths?: readonly number[];
  /** The `sizes` attribute. Default `100vw`. */
  sizes?: string;
}
