import { useId, useRef, useState } from 'react';
import {
  trapTab,
  useFormSubmit,
  useModalDialog,
  useNavigateToRoute,
  useRecommender,
  useT,
} from '../../runtime/index.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';

/**
 * Account deletion (DELETE /empfehler/delete, GDPR Art. 17) behind a confirmation: a real modal dialog
 * (focus moves in, Tab stays inside, Escape and Cancel close it, focus returns to the button).
 */
export function DeleteAccount() {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.subsection} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('deleteAccount.headline')}</h2>
      <p>{t('deleteAccount.text')}</p>
      <button
        type="button"
        className={styles.dangerButton}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('deleteAccount.button')}
      </button>
      {open && <ConfirmDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

function ConfirmDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const recommender = useRecommender();
  const navigateTo = useNavigateToRoute();
  const deletion = useFormSubmit();
  // Deleted: busy until the home page is there.
  const [deleted, setDeleted] = useState(false);
  const busy = deletion.busy || deleted;
  const { failure } = deletion;
  useModalDialog(ref);

  async function confirm() {
    if (busy) return;
    await deletion.run(async () => {
      await recommender.deleteAccount();
      setDeleted(true);
      // Away from the login-only page first, so that the ended session does not send us to the login.
      navigateTo('Homepage', { replace: true });
    });
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          if (!busy) onClose();
        } else if (ref.current) trapTab(event, ref.current);
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId}>{t('deleteAccount.dialog.headline')}</h2>
      <p id={textId}>{t('deleteAccount.dialog.text')}</p>
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={onClose}
          aria-disabled={busy || undefined}
        >
          {t('deleteAccount.dialog.cancel')}
        </button>
        <button
          type="button"
          className={styles.dangerButton}
          onClick={confirm}
          aria-disabled={busy || undefined}
        >
          {t(busy ? 'deleteAccount.busy' : 'deleteAccount.dialog.confirm')}
        </button>
      </div>
    </dialog>
  );
}
