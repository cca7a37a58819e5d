import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type SessionUser, useEmpfehler, useT } from '../../runtime/index.ts';
import { ANREDEN, checkName } from '../../schemas/personalArea.ts';
import form from '../shared/AccountForm.module.css';
import { failureMessage } from '../shared/accountFormErrors.ts';
import { ErrorSummary, type FormError } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { TextField } from '../shared/TextField.tsx';

const NAMES = ['vorname', 'nachname'] as const;
type NameField = (typeof NAMES)[number];

/**
 * Salutation and names (PUT /empfehler/meinedaten). The e-mail address is the login and is shown, not
 * changed (docs/adr/0011-erasure-and-export.md); the language follows the header's language switch.
 */
export function PersonalDataForm({ user }: { user: SessionUser }) {
  const t = useT();
  const id = useId();
  const empfehler = useEmpfehler();
  const anredeRef = useRef<HTMLSelectElement>(null);
  const refs = { vorname: useRef<HTMLInputElement>(null), nachname: useRef<HTMLInputElement>(null) };
  const [problems, setProblems] = useState<Record<NameField, 'required' | 'invalid' | null>>({
    vorname: null,
    nachname: null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once from the user the form opened with
  useEffect(() => {
    if (refs.vorname.current) refs.vorname.current.value = user.Vorname;
    if (refs.nachname.current) refs.nachname.current.value = user.Nachname;
  }, []);

  const labels = { vorname: t('myData.vorname'), nachname: t('myData.nachname') };
  const message = (field: NameField): string | null => {
    const problem = problems[field];
    if (problem === 'required') return t('form.required', { field: labels[field] });
    if (problem === 'invalid') return t('form.invalid', { field: labels[field] });
    return null;
  };
  const summary: FormError[] = NAMES.flatMap((field) => {
    const text = message(field);
    return text ? [{ fieldId: `${id}-${field}`, message: text }] : [];
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const vorname = refs.vorname.current?.value.trim() ?? '';
    const nachname = refs.nachname.current?.value.trim() ?? '';
    const found = { vorname: checkName(vorname), nachname: checkName(nachname) };
    setProblems(found);
    setFailure(null);
    setSaved(false);
    setAttempt((count) => count + 1);
    if (found.vorname || found.nachname) return;
    setBusy(true);
    try {
      await empfehler.saveMyData({
        Anrede: anredeRef.current?.value ?? '',
        Vorname: vorname,
        Nachname: nachname,
      });
      setSaved(true);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('myData.personal')}</h2>
      <ErrorSummary title={t('form.errorSummary')} errors={summary} attempt={attempt} />
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      {saved && (
        <p className={styles.notice} role="status">
          {t('myData.saved')}
        </p>
      )}
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-anrede`}>
          {t('myData.anrede')}
        </label>
        <select
          ref={anredeRef}
          id={`${id}-anrede`}
          className={form.input}
          name="anrede"
          autoComplete="honorific-prefix"
          defaultValue={(ANREDEN as readonly string[]).includes(user.Anrede) ? user.Anrede : ''}
        >
          {ANREDEN.map((anrede) => (
            <option key={anrede} value={anrede}>
              {t(anrede === '' ? 'myData.anrede.none' : `myData.anrede.${anrede}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={`${id}-vorname`}
        label={labels.vorname}
        error={message('vorname')}
        inputRef={refs.vorname}
        name="vorname"
        autoComplete="given-name"
      />
      <TextField
        id={`${id}-nachname`}
        label={labels.nachname}
        error={message('nachname')}
        inputRef={refs.nachname}
        name="nachname"
        autoComplete="family-name"
      />
      <dl className={styles.facts}>
        <dt>{t('myData.email')}</dt>
        <dd>{user.Email}</dd>
        <dt>{t('myData.language')}</dt>
        <dd>{t(`runtime.language.${user.Language}`, { defaultValue: user.Language.toUpperCase() })}</dd>
      </dl>
      <p className={styles.muted}>
        {t('myData.emailNote')} {t('myData.languageNote')}
      </p>
      <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
        {t(busy ? 'myData.saving' : 'myData.save')}
      </button>
    </form>
  );
}
