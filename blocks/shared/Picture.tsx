import type { ImgHTMLAttributes } from 'react';
import { useAssetUrl, useT } from '../../runtime/index.ts';

/**
 * How a picture loads: `priority` for the page's likely largest paint (the hero's key visual: fetched
 * first, never deferred), `eager` for one that opens the page (a category's picture), `lazy` for the rest,
 * which sit below the fold (fetched when they near the viewport, decoded off the main thread).
 */
export type PictureLoading = 'priority' | 'eager' | 'lazy';

export interface PictureProps {
  src: string;
  /** The text alternative, already translated; '' marks a decorative picture. */
  alt: string;
  /** The intrinsic size: the browser reserves the space before the picture arrives (no layout shift). */
  width: number;
  height: number;
  loading?: PictureLoading;
  className?: string | undefined;
}

const LOADING: Readonly<
  Record<PictureLoading, Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding' | 'fetchPriority'>>
> = {
  priority: { fetchPriority: 'high' },
  eager: { decoding: 'async' },
  lazy: { loading: 'lazy', decoding: 'async' },
};

/** An <img> that always carries its size and loads as its place on the page asks. */
export function Picture({ src, alt, width, height, loading = 'lazy', className }: PictureProps) {
  return (
    <img className={className} src={src} alt={alt} width={width} height={height} {...LOADING[loading]} />
  );
}

export interface AssetPictureProps {
  /** A picture named by a page (schemas/blocks/blockImage.ts): asset file name, size, optional alt key. */
  image: { src: string; alt?: string; width: number; height: number };
  loading?: PictureLoading;
  className?: string | undefined;
}

/** A picture of the mandant's assets/ named in block props; without an alt key it is decorative. */
export function AssetPicture({ image, loading, className }: AssetPictureProps) {
  const t = useT();
  const src = useAssetUrl(image.src);
  return (
    <Picture
      src={src}
      alt={image.alt ? t(image.alt) : ''}
      width={image.width}
      height={image.height}
      className={className}
      {...(loading ? { loading } : {})}
    />
  );
}
