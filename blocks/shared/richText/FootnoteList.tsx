import { useT } from '../../../runtime/index.ts';
import styles from './FootnoteList.module.css';
import { footnoteIds, type NumberedFootnote } from './footnoteNumbers.ts';

export interface FootnoteListProps {
  footnotes: readonly NumberedFootnote[];
  scope: string;
  /** Level of the list's heading (one below the block's heading). */
  headingLevel: 2 | 3 | 4;
}

/** The footnotes a text refers to, numbered like their references, each with a way back to the text. */
export function FootnoteList({ footnotes, scope, headingLevel }: FootnoteListProps) {
  const t = useT();
  if (footnotes.length === 0) return null;
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const headingId = `${footnoteIds(scope, 0).note}-heading`;
  return (
    <aside className={styles.footnotes} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {t('content.footnotes.headline')}
      </Heading>
      <ol>
        {footnotes.map(({ number, footnote }) => {
          const ids = footnoteIds(scope, number);
          return (
            <li key={number} id={ids.note} value={number}>
              <strong>{footnote.Titel}:</strong> {footnote.Inhalt}{' '}
              <a href={`#${ids.reference}`} aria-label={t('content.footnote.back', { number })}>
                ↩
              </a>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
