import { useId } from 'react';
import { useT } from '../../runtime/index.ts';
import type { TextSectionProps } from './schema.ts';
import styles from './TextSection.module.css';

/** A headline (h1 on pages without a hero, else h2) and paragraphs of plain text. */
export function TextSection({ headline, level = 2, paragraphs }: TextSectionProps) {
  const t = useT();
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <Heading id={headingId}>{t(headline)}</Heading>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{t(paragraph)}</p>
        ))}
      </div>
    </section>
  );
}
