import { type ChangeEvent, useId, useState } from 'react';
import { failureMessage, useFormSubmit, useRecommender, useT } from '../../runtime/index.ts';
import {
  type BenachrichtigungEinstellung,
  OPTIONAL_NOTIFICATIONS,
  type OptionalNotification,
} from '../../schemas/personalArea.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import checks from '../shared/RecipientForm.module.css';
import { useLoaded } from '../shared/useLoaded.ts';

/**
 * The optional notification mails (issue 13): one checkbox each, saved as soon as it changes. Mails about
 * the reward are not optional and have no checkbox; the hint says so.
 */
export function NotificationSettings() {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const [loaded] = useLoaded(() => recommender.loadNotifications(), [recommender.loadNotifications]);
  return (
    <section className={styles.subsection} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notifications.headline')}</h2>
      <p>{t('notifications.always')}</p>
      {loaded.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
      {loaded.state === 'failed' && (
        <p className={panel.alert} role="alert">
          {failureMessage(t, loaded.error)}
        </p>
      )}
      {loaded.state === 'done' && <NotificationSwitches stored={loaded.value} />}
    </section>
  );
}

/** Only the kinds this build can word, in a fixed order: a newer server's extra kind stays hidden. */
function known(list: readonly BenachrichtigungEinstellung[]): BenachrichtigungEinstellung[] {
  return OPTIONAL_NOTIFICATIONS.flatMap((art) => list.filter((entry) => entry.Art === art).slice(0, 1));
}

function NotificationSwitches({ stored }: { stored: readonly BenachrichtigungEinstellung[] }) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const [settings, setSettings] = useState(() => known(stored));
  const { busy, failure, run } = useFormSubmit();
  const [saving, setSaving] = useState<OptionalNotification | null>(null);
  const [saved, setSaved] = useState(false);

  async function toggle(art: OptionalNotification, event: ChangeEvent<HTMLInputElement>) {
    // One save at a time: a second click while the first is on its way would race it on the server.
    if (busy) return;
    const aktiv = event.target.checked;
    const before = settings;
    setSettings(before.map((entry) => (entry.Art === art ? { Art: art, Aktiv: aktiv } : entry)));
    setSaving(art);
    setSaved(false);
    const outcome = await run(() => recommender.saveNotification({ Art: art, Aktiv: aktiv }));
    if (outcome?.ok) {
      setSettings(known(outcome.value));
      setSaved(true);
    } else {
      // The box shows what the server has, not what was asked for.
      setSettings(before);
    }
  }

  return (
    <>
      <div className={checks.checkboxField}>
        {settings.map(({ Art, Aktiv }) => (
          <div key={Art} className={checks.checkboxRow}>
            <input
              id={`${id}-${Art}`}
              className={checks.checkbox}
              type="checkbox"
              name={Art}
              checked={Aktiv}
              aria-busy={(busy && saving === Art) || undefined}
              onChange={(event) => toggle(Art, event)}
            />
            <label htmlFor={`${id}-${Art}`}>{t(`notifications.${Art}`)}</label>
          </div>
        ))}
      </div>
      {/* After the boxes: a message appearing above them would move the box under the pointer. */}
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <div aria-live="polite">{saved && <p className={styles.notice}>{t('notifications.saved')}</p>}</div>
    </>
  );
}
