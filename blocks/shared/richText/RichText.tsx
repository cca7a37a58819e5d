import { documentToReactComponents, type Options } from '@contentful/rich-text-react-renderer';
import type { Document } from '@contentful/rich-text-types';
import type { ReactNode } from 'react';
import { RouteLink, useT } from '../../../runtime/index.ts';
import {
  type ContentLinks,
  isSafeUri,
  type RichTextDocument,
  type RichTextNode,
  sanitizeDocument,
  targetId,
} from '../../../schemas/content.ts';
import { footnoteIds, type NumberedFootnote, type ReferencedFootnotes } from './footnoteNumbers.ts';
import styles from './RichText.module.css';

export interface RichTextProps {
  document: RichTextDocument;
  links: ContentLinks;
  /** The level of the heading the text sits under: the text's own headings start one below it. */
  headingLevel: 1 | 2 | 3 | 4;
  footnotes: readonly NumberedFootnote[];
  /** useId of the block, so that footnote anchors are unique on the page. */
  scope: string;
  /** Shared by the block's rich texts: the first reference to each footnote gets the back-link id. */
  referenced: ReferencedFootnotes;
}

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * A Contentful rich-text document as React elements, with our own renderers: headings shifted below the
 * block's heading, links only to http(s)/mailto/tel, route links as RouteLink, footnote references as
 * numbered superscripts, embedded images from `links`. Whatever else a CMS sends — unknown node types,
 * links the server could not resolve, HTML or script inside a text — renders as plain text or not at all;
 * React escapes every text, nothing is ever injected as markup.
 */
export function RichText({ document, links, headingLevel, footnotes, scope, referenced }: RichTextProps) {
  const t = useT();
  const numbers = new Map(footnotes.map((entry) => [entry.linkId, entry.number]));
  const heading = (level: number) => (_node: unknown, children: ReactNode) => {
    const Tag = `h${Math.min(6, Math.max(level, headingLevel + 1))}` as HeadingTag;
    return <Tag>{children}</Tag>;
  };
  const footnoteReference = (id: string | undefined): ReactNode => {
    const number = id === undefined ? undefined : numbers.get(id);
    if (number === undefined) return null;
    const ids = footnoteIds(scope, number);
    const first = !referenced.has(number);
    referenced.add(number);
    return (
      <sup className={styles.reference}>
        <a
          href={`#${ids.note}`}
          id={first ? ids.reference : undefined}
          aria-label={t('content.footnote.reference', { number })}
        >
          {number}
        </a>
      </sup>
    );
  };
  const options: Options = {
    renderNode: {
      'heading-1': heading(1),
      'heading-2': heading(2),
      'heading-3': heading(3),
      'heading-4': heading(4),
      'heading-5': heading(5),
      'heading-6': heading(6),
      hyperlink: (node, children) => {
        const uri = node.data.uri;
        return isSafeUri(uri) ? <a href={uri.trim()}>{children}</a> : children;
      },
      'entry-hyperlink': (node, children) => {
        const link = linkOf(node, links);
        return link?.type === 'route' ? <RouteLink to={link.route}>{children}</RouteLink> : children;
      },
      'embedded-entry-inline': (node) => {
        const link = linkOf(node, links);
        if (link?.type === 'footnote') return footnoteReference(targetId(node as RichTextNode));
        if (link?.type === 'route')
          return <RouteLink to={link.route}>{t(`pages.${link.route}.title`)}</RouteLink>;
        return null;
      },
      'embedded-entry-block': (node) => {
        const link = linkOf(node, links);
        if (link?.type !== 'route') return null;
        return (
          <p>
            <RouteLink to={link.route}>{t(`pages.${link.route}.title`)}</RouteLink>
          </p>
        );
      },
      'embedded-asset-block': (node) => {
        const asset = assetOf(node, links);
        if (!asset) return null;
        return (
          <figure className={styles.figure}>
            <img
              src={asset.url}
              alt={asset.description ?? asset.title ?? ''}
              width={asset.width}
              height={asset.height}
              loading="lazy"
            />
          </figure>
        );
      },
      'asset-hyperlink': (node, children) => {
        const asset = assetOf(node, links);
        return asset ? <a href={asset.url}>{children}</a> : children;
      },
      'embedded-resource-block': () => null,
      'embedded-resource-inline': () => null,
      'resource-hyperlink': (_node, children) => children,
      table: (_node, children) => (
        <div className={styles.table}>
          <table>
            <tbody>{children}</tbody>
          </table>
        </div>
      ),
    },
  };
  return (
    <div className={styles.richText}>
      {documentToReactComponents(sanitizeDocument(document) as unknown as Document, options)}
    </div>
  );
}

function linkOf(node: unknown, links: ContentLinks) {
  const id = targetId(node as RichTextNode);
  return id === undefined || !Object.hasOwn(links.entries, id) ? undefined : links.entries[id];
}

function assetOf(node: unknown, links: ContentLinks) {
  const id = targetId(node as RichTextNode);
  return id === undefined || !Object.hasOwn(links.assets, id) ? undefined : links.assets[id];
}
