import { useId, useState } from 'react';
import {
  formatDateTime,
  type SessionUser,
  useFormSubmit,
  useMandant,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import { newsletterState } from '../../schemas/newsletter.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';

/**
 * The newsletter double opt-in (SPEC 4: optedOut → pending → optedIn, ModuleNewsletterPermission): the
 * state, the consent text (the server stores exactly this text with every step), and the one action that
 * fits the state — subscribe (sends the opt-in mail), send the mail again, or unsubscribe.
 */
export function NewsletterSettings({ user }: { user: SessionUser }) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const recommender = useRecommender();
  const { busy, failure, run } = useFormSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const state = newsletterState(user);

  async function perform(action: () => Promise<string>) {
    if (busy) return;
    setNotice(null);
    const outcome = await run(action);
    if (outcome?.ok) setNotice(outcome.value);
  }
  const subscribe = () =>
    perform(async () => {
      const answer = await recommender.requestNewsletter();
      if (answer.OptinAlreadySet) return t('newsletter.alreadySet');
      return t(answer.OptinMailAlreadySent ? 'newsletter.alreadySent' : 'newsletter.sent');
    });
  const unsubscribe = () =>
    perform(async () => {
      await recommender.withdrawNewsletter(null);
      return t('newsletter.withdrawn');
    });

  return (
    <section className={styles.subsection} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('newsletter.headline')}</h2>
      <p>
        <strong>
          {state === 'pending'
            ? t('newsletter.state.pending', { date: formatDateTime(user.NewsletterOptinVersendetAm ?? '') })
            : t(`newsletter.state.${state}`)}
        </strong>
      </p>
      {state !== 'optedIn' && <p>{t('newsletter.consent.text', { mandantName: mandant.name })}</p>}
      <div aria-live="polite">{notice && <p className={styles.notice}>{notice}</p>}</div>
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        {state === 'optedOut' && (
          <button
            type="button"
            className={`button ${styles.button}`}
            onClick={subscribe}
            aria-disabled={busy || undefined}
          >
            {t('newsletter.subscribe')}
          </button>
        )}
        {state === 'pending' && (
          <button
            type="button"
            className={`button ${styles.button}`}
            onClick={subscribe}
            aria-disabled={busy || undefined}
          >
            {t('newsletter.resend')}
          </button>
        )}
        {state !== 'optedOut' && (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={unsubscribe}
            aria-disabled={busy || undefined}
          >
            {t('newsletter.unsubscribe')}
          </button>
        )}
      </div>
    </section>
  );
}
