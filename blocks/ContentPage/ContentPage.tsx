import { useId } from 'react';
import { useContentEntry, useRoute, useT } from '../../runtime/index.ts';
import { sanitizeDocument } from '../../schemas/content.ts';
import { ContentUnavailable } from '../shared/richText/ContentUnavailable.tsx';
import { FootnoteList } from '../shared/richText/FootnoteList.tsx';
import { numberFootnotes } from '../shared/richText/footnoteNumbers.ts';
import { RichText } from '../shared/richText/RichText.tsx';
import styles from './ContentPage.module.css';
import type { ContentPageProps } from './schema.ts';

/**
 * A content entry from the mandant's content provider (imprint, privacy, terms, accessibility, …): its
 * title as the heading, the rich-text body, and the footnotes the body refers to. When the content cannot
 * be had, the heading falls back to the page title and 'Inhalt nicht verfügbar' stands in for the text.
 */
export function ContentPage({ entry, level = 1 }: ContentPageProps) {
  const t = useT();
  const id = useId();
  const route = useRoute();
  const result = useContentEntry(entry);
  const Heading = level === 1 ? 'h1' : 'h2';
  if (!result.ok) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <div className="container">
          <Heading id={`${id}-title`}>
            {t(`pages.${route.name}.title`, { defaultValue: '' }) || entry}
          </Heading>
          <ContentUnavailable code={result.code} />
        </div>
      </section>
    );
  }
  // Rendered and numbered from the same well-formed copy, whatever the answer held.
  const { title, links } = result.data;
  const body = sanitizeDocument(result.data.body);
  const footnotes = numberFootnotes([body], links);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className="container">
        <Heading id={`${id}-title`}>{title}</Heading>
        <RichText
          document={body}
          links={links}
          headingLevel={level}
          footnotes={footnotes}
          scope={id}
          referenced={new Set()}
        />
        <FootnoteList footnotes={footnotes} scope={id} headingLevel={level === 1 ? 2 : 3} />
      </div>
    </section>
  );
}
