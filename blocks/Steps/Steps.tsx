import { useId } from 'react';
import { useT } from '../../runtime/index.ts';
import styles from './Steps.module.css';
import type { StepsProps } from './schema.ts';

/** "How it works": numbered steps. The list is ordered, so the numbers are decoration for sighted users. */
export function Steps({ headline, steps }: StepsProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className={styles.steps} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{t(headline)}</h2>
        <ol className={styles.list}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.title}>{t(step.title)}</h3>
              <p className={styles.text}>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
