import { type FormEvent, useId, useRef, useState } from 'react';
import { RouteLink, useEmpfehler, useLocation, useSession, useT } from '../../runtime/index.ts';
import { checkKundennummer } from '../../schemas/personalArea.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import { ErrorSummary } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { TextField } from '../shared/TextField.tsx';
import { useLoaded } from '../shared/useLoaded.ts';
import type { CustomerNumberProps } from './schema.ts';

/**
 * The customer number a reward is credited to (SPEC 2, CustomerNumber / KundenNummer; SPEC 6: these calls
 * carry the reward link's token). A logged-in recommender names the reward with `?praemierung=`.
 */
export function CustomerNumber({
  headline = 'customerNumber.headline',
  intro = 'customerNumber.intro',
}: CustomerNumberProps) {
  const t = useT();
  const id = useId();
  const empfehler = useEmpfehler();
  const { user } = useSession();
  const { search } = useLocation();
  const praemierung = new URLSearchParams(search).get('praemierung');
  const [current, reload] = useLoaded(
    () => empfehler.loadKundennummer(praemierung),
    [praemierung, user !== null, empfehler.rewardToken],
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const label = t('customerNumber.label');
  const fieldError =
    problem === 'required'
      ? t('form.required', { field: label })
      : problem === 'invalid'
        ? t('form.invalid', { field: label })
        : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = inputRef.current?.value.trim() ?? '';
    const found = checkKundennummer(value);
    setProblem(found);
    setFailure(null);
    setSaved(false);
    setAttempt((count) => count + 1);
    if (found) return;
    setBusy(true);
    try {
      await empfehler.saveKundennummer(value, praemierung);
      setSaved(true);
      if (inputRef.current) inputRef.current.value = '';
      reload();
    } catch (error) {
      if (failureCode(error) === 'PSOF0248') setProblem('invalid');
      else setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  const noAccess = current.state === 'failed' && failureCode(current.error) === 'PSOF0310';
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {current.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {current.state === 'failed' && (
          <>
            <p className={panel.alert} role="alert">
              {failureMessage(t, current.error)}
            </p>
            {noAccess && (
              <div className={panel.actions}>
                <RouteLink to="Login" className="button">
                  {t('personalArea.login')}
                </RouteLink>
              </div>
            )}
          </>
        )}
        {current.state === 'done' && (
          <>
            {current.value.Kundennummer && (
              <p>
                <strong>{t('customerNumber.current', { nr: current.value.Kundennummer })}</strong>
              </p>
            )}
            {saved && (
              <p className={styles.notice} role="status">
                {t('customerNumber.saved')}
              </p>
            )}
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              <ErrorSummary
                title={t('form.errorSummary')}
                errors={fieldError ? [{ fieldId: `${id}-nr`, message: fieldError }] : []}
                attempt={attempt}
              />
              {failure && (
                <p className={panel.alert} role="alert">
                  {failure}
                </p>
              )}
              <TextField
                id={`${id}-nr`}
                label={label}
                hint={t('customerNumber.hint')}
                error={fieldError}
                inputRef={inputRef}
                name="kundennummer"
                autoComplete="off"
              />
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t('customerNumber.save')}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
