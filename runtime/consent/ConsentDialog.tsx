import { useId, useRef, useState } from 'react';
import type { Tracking } from '../../schemas/api.ts';
import { useT } from '../i18n/useT.ts';
import { RouteLink } from '../router/RouteLink.tsx';
import styles from './Consent.module.css';
import { ConsentCategoryOption } from './ConsentCategoryOption.tsx';
import { CONSENT_CATEGORIES } from './consentCategories.ts';
import { ALL_ACCEPTED, type ConsentChoice, type ConsentState, ONLY_REQUIRED } from './consentState.ts';
import { trapTab } from './dialogFocus.ts';
import { useModalDialog } from './useModalDialog.ts';

export interface ConsentDialogProps {
  trackings: readonly Tracking[];
  /** The decision in force: the checkboxes start from it. */
  state: ConsentState;
  onSave: (choice: ConsentChoice) => void;
  /** Closes without saving (close button, Escape) and after saving. */
  onClose: () => void;
}

/** The settings: one checkbox per category with what it covers; a real modal dialog (useModalDialog). */
export function ConsentDialog({ trackings, state, onSave, onClose }: ConsentDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choice, setChoice] = useState<ConsentChoice>(() => (state.decided ? state.choice : ONLY_REQUIRED));
  useModalDialog(ref);
  const save = (next: ConsentChoice) => {
    onSave(next);
    onClose();
  };
  const categories = [...CONSENT_CATEGORIES].sort((a, b) => a.position - b.position);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        } else if (ref.current) trapTab(event, ref.current);
      }}
      onCancel={(event) => {
        // Escape in a native modal: close through our state, so React and the element agree.
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHeader}>
        <h2 id={titleId} className={styles.title}>
          {t('consent.dialog.title')}
        </h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('consent.dialog.close')}
        </button>
      </div>
      <p className={styles.text}>
        {t('consent.dialog.text')}{' '}
        <RouteLink to="Privacy" onClick={onClose}>
          {t('consent.privacyLink')}
        </RouteLink>
      </p>
      <ul className={styles.categories}>
        {categories.map((category) => (
          <ConsentCategoryOption
            key={category.id}
            category={category}
            checked={category.id === 'required' || choice[category.id]}
            trackings={trackings}
            onChange={(checked) => {
              if (category.id !== 'required')
                setChoice((current) => ({ ...current, [category.id]: checked }));
            }}
          />
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={`button ${styles.button}`} onClick={() => save(ALL_ACCEPTED)}>
          {t('consent.acceptAll')}
        </button>
        <button type="button" className={`button ${styles.button}`} onClick={() => save(ONLY_REQUIRED)}>
          {t('consent.onlyRequired')}
        </button>
        <button
          type="button"
          className={`button ${styles.button} ${styles.secondary}`}
          onClick={() => save(choice)}
        >
          {t('consent.dialog.save')}
        </button>
      </div>
    </dialog>
  );
}
