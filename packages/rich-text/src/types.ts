import type {
  ArbitraryTypedObject,
  PortableTextBlock,
  PortableTextLink,
  PortableTextListItemBlock,
  PortableTextMarkDefinition,
  PortableTextSpan,
  TypedObject,
} from '@portabletext/types';
import type { ComponentType, ReactNode } from 'react';

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
export type RichTextListItemBlock<
  M extends PortableTextMarkDefinition = PortableTextMarkDefinition,
  C extends TypedObject = PortableTextSpan,
> = PortableTextListItemBlock<M, C>;
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

/**
 * Renders any node (a block, a span, a virtual list…) with the current components. Rarely needed:
 * custom components get their rendered `children`.
 */
export type RichTextNodeRenderer = <T extends TypedObject>(options: {
  node: T;
  index: number;
  isInline: boolean;
  renderNode: RichTextNodeRenderer;
}) => ReactNode;

/** Props of a block-style, list or list-item component (and of a custom type, minus `children`). */
export interface RichTextBlockProps<N = RichTextBlock> {
  /** The node itself: the block, the virtual list, or the custom object. */
  value: N;
  /** Index within its parent. */
  index: number;
  /** `true` for an object inside a text block (alongside spans), `false` for a block of its own. */
  isInline: boolean;
  /** The rendered content. */
  children?: ReactNode;
  renderNode: RichTextNodeRenderer;
}

/** Props of a custom type component (`components.types[...]`). */
export type RichTextTypeProps<T = ArbitraryTypedObject> = Omit<RichTextBlockProps<T>, 'children'>;

/** Props of a mark component: `value` is the annotation (undefined for decorators), `text` the plain text. */
export interface RichTextMarkProps<M extends TypedObject = RichTextMarkDefinition> {
  value?: M;
  text: string;
  /** The annotation's `_key` (shared by every span it covers: not a React key). */
  markKey?: string;
  /** The annotation's `_type`, or the decorator's name (`em`, `strong`…). */
  markType: string;
  children: ReactNode;
  renderNode: RichTextNodeRenderer;
}

/**
 * A list as the list components receive it: consecutive list items with the same `listItem` and
 * `level`, grouped (lists are not a node type of Portable Text itself).
 */
export type RichTextList = RichTextHtmlList | RichTextDirectList;

/** A list in HTML mode (the default): deeper lists sit inside the list items. */
export interface RichTextHtmlList {
  _type: '@list';
  _key: string;
  mode: 'html';
  level: number;
  listItem: string;
  children: RichTextListItem[];
}

/** A list item as list components receive it: its children may hold a nested list. */
export interface RichTextListItem
  extends PortableTextListItemBlock<PortableTextMarkDefinition, PortableTextSpan | RichTextList> {}

/** A list in direct mode (React Native): deeper lists are children of the list itself. */
export interface RichTextDirectList {
  _type: '@list';
  _key: string;
  mode: 'direct';
  level: number;
  listItem: string;
  children: (PortableTextListItemBlock | RichTextDirectList)[];
}

/** A node without a registered component (what `unknownType` receives). */
export type RichTextUnknownNode = { _type: string; [key: string]: unknown } | TypedObject;

type Slot<P> = ComponentType<P> | undefined;

/**
 * Component overrides, merged over Plinth's defaults. Each group is optional; inside a group, the
 * keys are type names (`types`), mark names (`marks`), block styles (`block`) or list types (`list`,
 * `listItem`). `block`, `list` and `listItem` may also be one component for every style.
 */
export interface RichTextComponents {
  /** Custom block and inline object types, by `_type`. */
  // biome-ignore lint/suspicious/noExplicitAny: a custom type has any shape; its component types `value` itself
  types?: Record<string, Slot<RichTextTypeProps<any>>>;
  /** Decorators (`strong`, `em`…) and annotations (`link`…), by name. */
  // biome-ignore lint/suspicious/noExplicitAny: an annotation has any shape; its component types `value` itself
  marks?: Record<string, Slot<RichTextMarkProps<any>>>;
  /** Text blocks, by `style`. */
  block?: Record<string, Slot<RichTextBlockProps>> | ComponentType<RichTextBlockProps>;
  /** Lists, by `listItem` type. */
  list?: Record<string, Slot<RichTextBlockProps<RichTextList>>> | ComponentType<RichTextBlockProps<RichTextList>>;
  /** List items, by `listItem` type. */
  listItem?:
    | Record<string, Slot<RichTextBlockProps<RichTextListItemBlock>>>
    | ComponentType<RichTextBlockProps<RichTextListItemBlock>>;
  /** `\n` inside a span; `false` keeps the newline as text. Default `<br />`. */
  hardBreak?: ComponentType | false;
  unknownMark?: ComponentType<RichTextMarkProps>;
  unknownType?: ComponentType<RichTextBlockProps<RichTextUnknownNode>>;
  unknownBlockStyle?: ComponentType<RichTextBlockProps<RichTextBlock>>;
  unknownList?: ComponentType<RichTextBlockProps<RichTextList>>;
  unknownListItem?: ComponentType<RichTextBlockProps<RichTextListItemBlock>>;
}

/** A complete component set, as `defaultComponents` is: every group present. */
export type RichTextDefaultComponents = {
  [K in keyof RichTextComponents]-?: Exclude<RichTextComponents[K], undefined>;
};

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
