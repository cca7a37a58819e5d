import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  preloadApi,
  RouteLink,
  useEmpfehler,
  useMandant,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { Bankdaten } from '../../schemas/personalArea.ts';
import { checkName } from '../../schemas/personalArea.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import { ErrorSummary, type FormError } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { TextField } from '../shared/TextField.tsx';
import { useLoaded } from '../shared/useLoaded.ts';
import { type BankDataProblems, NO_PROBLEMS, validateBankData } from '../shared/validateBankData.ts';
import type { BankDetailsProps } from './schema.ts';

type Field = keyof BankDataProblems;
/** Answers that belong to a field rather than to the whole form. */
const FIELD_CODES: Record<string, Field> = { PSOF0240: 'iban', PSOF0242: 'iban', PSOF0241: 'kontoinhaber' };

/**
 * The recommender's bank data (SPEC 2, BankDetails / EmpfehlerBankdaten): the stored account with the IBAN
 * masked, a form to enter or change it (checked like the server does, German only with ModuleIBANNurDE)
 * and deletion. Reachable logged in or with a reward link; without either SPEC 8's 'Bitte verwenden Sie
 * den Link aus Ihrer E-Mail.'
 */
export function BankDetails({
  headline = 'bankDetails.headline',
  intro = 'bankDetails.intro',
}: BankDetailsProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const empfehler = useEmpfehler();
  const { user } = useSession();
  const [stored, reload] = useLoaded(
    () => empfehler.loadBankdaten(),
    [empfehler.loadBankdaten, user !== null, empfehler.rewardToken],
  );
  const [notice, setNotice] = useState<string | null>(null);

  if (!mandant.ModuleStoringBankdata) {
    return (
      <section className={panel.panel} aria-labelledby={`${id}-headline`}>
        <div className="container">
          <h1 id={`${id}-headline`}>{t(headline)}</h1>
          <p>{t('bankDetails.notStoring')}</p>
        </div>
      </section>
    );
  }

  const unauthorised = stored.state === 'failed' && failureCode(stored.error) === 'PSOF0310';
  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        {stored.state === 'loading' && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {stored.state === 'failed' && (
          <>
            <p className={panel.alert} role="alert">
              {failureMessage(t, stored.error)}
            </p>
            {unauthorised && (
              <div className={panel.actions}>
                <RouteLink to="Login" className="button">
                  {t('personalArea.login')}
                </RouteLink>
              </div>
            )}
          </>
        )}
        {stored.state === 'done' && (
          <>
            <StoredAccount
              account={stored.value}
              onDeleted={() => {
                setNotice(t('bankDetails.deleted'));
                reload();
              }}
            />
            <BankForm
              hasAccount={stored.value !== null}
              germanOnly={mandant.ModuleIBANNurDE}
              onSaved={() => {
                setNotice(t('bankDetails.saved'));
                reload();
              }}
            />
          </>
        )}
        {user && (
          <div className={panel.actions}>
            <RouteLink to="Settings">{t('myData.headline')}</RouteLink>
          </div>
        )}
      </div>
    </section>
  );
}

function StoredAccount({ account, onDeleted }: { account: Bankdaten | null; onDeleted: () => void }) {
  const t = useT();
  const id = useId();
  const empfehler = useEmpfehler();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (account === null) return <p>{t('bankDetails.none')}</p>;
  async function remove() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await empfehler.removeBankdaten();
      onDeleted();
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.card}>
      <h2 id={`${id}-stored`}>{t('bankDetails.stored')}</h2>
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t('bankDetails.iban')}</dt>
        <dd>{account.IBAN}</dd>
        <dt>{t('bankDetails.holder')}</dt>
        <dd>{account.Kontoinhaber}</dd>
      </dl>
      <div>
        <button
          type="button"
          className={styles.dangerButton}
          onClick={remove}
          aria-disabled={busy || undefined}
        >
          {t('bankDetails.delete')}
        </button>
      </div>
    </div>
  );
}

interface BankFormProps {
  hasAccount: boolean;
  germanOnly: boolean;
  onSaved: () => void;
}

function BankForm({ hasAccount, germanOnly, onSaved }: BankFormProps) {
  const t = useT();
  const id = useId();
  const empfehler = useEmpfehler();
  const ibanRef = useRef<HTMLInputElement>(null);
  const holderRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<BankDataProblems>(NO_PROBLEMS);
  const [serverField, setServerField] = useState<{ field: Field; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void preloadApi();
  }, []);

  const labels = { iban: t('bankDetails.iban'), kontoinhaber: t('bankDetails.holder') };
  const message = (field: Field): string | null => {
    if (serverField?.field === field) return serverField.message;
    const problem = problems[field];
    if (problem === 'required') return t('form.required', { field: labels[field] });
    if (problem === 'invalid') return t('form.invalid', { field: labels[field] });
    if (problem === 'notGerman') return t(errorKey('PSOF0242'), { defaultValue: '' });
    return null;
  };
  const summary: FormError[] = (['iban', 'kontoinhaber'] as const).flatMap((field) => {
    const text = message(field);
    return text ? [{ fieldId: `${id}-${field}`, message: text }] : [];
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = {
      iban: ibanRef.current?.value ?? '',
      kontoinhaber: holderRef.current?.value.trim() ?? '',
    };
    const found = validateBankData(values, { germanOnly, checkHolder: checkName });
    setProblems(found);
    setServerField(null);
    setFailure(null);
    setAttempt((count) => count + 1);
    if (found.iban || found.kontoinhaber) return;
    setBusy(true);
    try {
      await empfehler.saveBankdaten({ IBAN: values.iban, Kontoinhaber: values.kontoinhaber });
      if (ibanRef.current) ibanRef.current.value = '';
      if (holderRef.current) holderRef.current.value = '';
      onSaved();
    } catch (error) {
      const field = FIELD_CODES[failureCode(error)];
      if (field) {
        setServerField({ field, message: failureMessage(t, error) });
        setAttempt((count) => count + 1);
      } else {
        setFailure(failureMessage(t, error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(hasAccount ? 'bankDetails.change' : 'bankDetails.enter')}</h2>
      <ErrorSummary title={t('form.errorSummary')} errors={summary} attempt={attempt} />
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <TextField
        id={`${id}-iban`}
        label={labels.iban}
        hint={t(germanOnly ? 'bankDetails.ibanHintGerman' : 'bankDetails.ibanHint')}
        error={message('iban')}
        inputRef={ibanRef}
        name="iban"
        autoComplete="off"
      />
      <TextField
        id={`${id}-kontoinhaber`}
        label={labels.kontoinhaber}
        error={message('kontoinhaber')}
        inputRef={holderRef}
        name="kontoinhaber"
        autoComplete="name"
      />
      <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
        {t(busy ? 'bankDetails.saving' : 'bankDetails.save')}
      </button>
    </form>
  );
}
