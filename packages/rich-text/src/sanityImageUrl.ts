import type { ImageUrlBuilder } from './types';

const REF = /^image-(\w+-\d+x\d+)-(\w+)$/;

/**
 * An `imageUrl` builder for Sanity's image CDN: turns `asset._ref` (`image-<id>-<w>x<h>-<ext>`)
 * into `https://cdn.sanity.io/images/<project>/<dataset>/<id>-<w>x<h>.<ext>?auto=format&w=…&fit=max`.
 * Images that already carry a `url` keep it.
 */
export function sanityImageUrl(config: { projectId: string; dataset: string; baseUrl?: string }): ImageUrlBuilder {
  const base = `${config.baseUrl ?? 'https://cdn.sanity.io'}/images/${config.projectId}/${config.dataset}/`;
  return (image, width) => {
    const m = REF.exec(image.asset?._ref ?? image.asset?._id ?? '');
    if (!m) return image.url ?? image.asset?.url;
    return `${base}${m[1]}.${m[2]}?auto=format${width ? `&w=${width}&fit=max` : ''}`;
  };
}
