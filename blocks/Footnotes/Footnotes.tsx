import { useId } from 'react';
import { useFootnotes, useT } from '../../runtime/index.ts';
import { ContentUnavailable } from '../shared/richText/ContentUnavailable.tsx';
import styles from './Footnotes.module.css';
import type { FootnotesProps } from './schema.ts';

/** The footnotes of one Gruppe (SPEC 3: Id, Identifier, Gruppe, Titel, Inhalt), e.g. under a product list. */
export function Footnotes({ headline, group }: FootnotesProps) {
  const t = useT();
  const id = useId();
  const result = useFootnotes(group);
  if (result.ok && result.data.length === 0) return null;
  return (
    <section className={styles.footnotes} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className={styles.heading}>
          {t(headline)}
        </h2>
        {result.ok ? (
          <dl className={styles.list}>
            {result.data.map((footnote) => (
              <div key={footnote.Identifier} id={`fn-${footnote.Identifier}`}>
                <dt>{footnote.Titel}</dt>
                <dd>{footnote.Inhalt}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <ContentUnavailable code={result.code} />
        )}
      </div>
    </section>
  );
}
