import { useId } from 'react';
import { RouteLink, useLocation, useRecalledRecommendation, useT } from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import type { ThanksStepsProps } from './schema.ts';
import styles from './ThanksSteps.module.css';

/** SPEC 2 and 4, Thanks: the four steps from the recommendation to the reward, in order. */
export const THANKS_STEPS = [
  { title: 'thanks.step.contract.title', text: 'thanks.step.contract.text' },
  { title: 'thanks.step.data.title', text: 'thanks.step.data.text' },
  { title: 'thanks.step.order.title', text: 'thanks.step.order.text' },
  { title: 'thanks.step.reward.title', text: 'thanks.step.reward.text' },
] as const;

/**
 * The thanks page after an offline recommendation (SPEC 2, Thanks / DankeStepsOfflineEmpfehlung): the code to
 * hand on (when this tab made the recommendation, ?empfehlung=) and the four steps to the reward.
 */
export function ThanksSteps({
  headline = 'thanks.headline',
  intro = 'thanks.intro',
  steps = THANKS_STEPS.slice(),
}: ThanksStepsProps) {
  const t = useT();
  const id = useId();
  const { search } = useLocation();
  const nr = new URLSearchParams(search).get('empfehlung');
  const code = useRecalledRecommendation(nr)?.Code;
  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        {code && (
          <div className={styles.code}>
            <h2>{t('thanks.code.label')}</h2>
            <p className={styles.codeValue}>{code}</p>
            <p>{t('thanks.code.hint')}</p>
          </div>
        )}
        <h2 id={`${id}-steps`}>{t(intro)}</h2>
        <ol className={styles.steps} aria-labelledby={`${id}-steps`}>
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
        <div className={panel.actions}>
          <RouteLink to="Homepage" className="button">
            {t('thanks.more')}
          </RouteLink>
        </div>
      </div>
    </section>
  );
}
