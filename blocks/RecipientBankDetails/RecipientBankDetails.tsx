import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  postRecipientBankData,
  preloadApi,
  RouteLink,
  useMandant,
  useNavigateToRoute,
  useRecipientJourney,
  useT,
} from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import { ErrorSummary, type FormError } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import {
  type BankDataProblems,
  NO_PROBLEMS,
  requiredHolder,
  validateBankData,
} from '../shared/validateBankData.ts';
import type { RecipientBankDetailsProps } from './schema.ts';

type Field = keyof BankDataProblems;

/** Server answers that belong to the IBAN field. */
const IBAN_CODES = ['PSOF0332', 'PSOF0333'];

/**
 * The recipient's bank data (SPEC 2, BankDetailsRecipient: IBAN and account holder) → POST
 * /empfaenger/bankdaten, where the mandant stores bank data (ModuleStoringBankdata). The IBAN is checked
 * here already with the rules the server applies (schemas/iban.ts), German only under ModuleIBANNurDE.
 */
export function RecipientBankDetails({
  headline = 'recipient.bank.headline',
  intro = 'recipient.bank.intro',
}: RecipientBankDetailsProps) {
  const t = useT();
  const mandant = useMandant();
  const navigateTo = useNavigateToRoute();
  const journey = useRecipientJourney();
  const id = useId();
  const ibanRef = useRef<HTMLInputElement>(null);
  const holderRef = useRef<HTMLInputElement>(null);
  const [stored] = useState(() => journey.stored());
  const [lost, setLost] = useState(stored === null);
  const [problems, setProblems] = useState<BankDataProblems>(NO_PROBLEMS);
  const [ibanServerError, setIbanServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void preloadApi();
  }, []);

  const labels = { iban: t('recipient.bank.iban'), kontoinhaber: t('recipient.bank.holder') };
  const message = (field: Field): string | null => {
    const problem = problems[field];
    if (problem === 'required') return t('form.required', { field: labels[field] });
    if (problem === 'invalid') return t('form.invalid', { field: labels[field] });
    if (problem === 'notGerman') return t(errorKey('PSOF0333'), { defaultValue: '' });
    return null;
  };
  const messages = { iban: ibanServerError ?? message('iban'), kontoinhaber: message('kontoinhaber') };
  const summary: FormError[] = (['iban', 'kontoinhaber'] as const).flatMap((field) => {
    const text = messages[field];
    return text ? [{ fieldId: `${id}-${field}`, message: text }] : [];
  });
  const params = { empfehlungsnummer: journey.empfehlungsnummer };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !stored) return;
    const values = {
      iban: ibanRef.current?.value ?? '',
      kontoinhaber: holderRef.current?.value.trim() ?? '',
    };
    const found = validateBankData(values, {
      germanOnly: mandant.ModuleIBANNurDE,
      checkHolder: requiredHolder,
    });
    setProblems(found);
    setIbanServerError(null);
    setFailure(null);
    setAttempt((count) => count + 1);
    if (found.iban || found.kontoinhaber) return;
    setBusy(true);
    try {
      await postRecipientBankData(stored.token, { IBAN: values.iban, Kontoinhaber: values.kontoinhaber });
      navigateTo('RecipientConfirmation', { params });
    } catch (error) {
      setBusy(false);
      const code = failureCode(error);
      if (code === 'PSOF0334') {
        journey.forget();
        setLost(true);
      }
      if (IBAN_CODES.includes(code)) {
        setIbanServerError(failureMessage(t, error));
        setAttempt((count) => count + 1);
      } else {
        setFailure(failureMessage(t, error));
      }
    }
  }

  if (!mandant.ModuleStoringBankdata) {
    return (
      <section className={panel.panel} aria-labelledby={`${id}-headline`}>
        <div className="container">
          <h1 id={`${id}-headline`}>{t(headline)}</h1>
          <p>{t('recipient.bank.notNeeded')}</p>
          <div className={panel.actions}>
            <RouteLink to="RecipientConfirmation" params={params} className={`button ${panel.action}`}>
              {t('recipient.data.continue')}
            </RouteLink>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {lost ? (
          <p className={panel.alert} role="alert">
            {failure ?? t(errorKey('PSOF0334'), { defaultValue: '' })}
          </p>
        ) : (
          <>
            <p>{t(intro)}</p>
            <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
              <ErrorSummary title={t('form.errorSummary')} errors={summary} attempt={attempt} />
              {failure && (
                <p className={panel.alert} role="alert">
                  {failure}
                </p>
              )}
              <TextField
                id={`${id}-iban`}
                label={labels.iban}
                hint={t(
                  mandant.ModuleIBANNurDE ? 'recipient.bank.ibanHintGerman' : 'recipient.bank.ibanHint',
                )}
                error={messages.iban}
                inputRef={ibanRef}
                name="iban"
                autoComplete="off"
              />
              <TextField
                id={`${id}-kontoinhaber`}
                label={labels.kontoinhaber}
                error={messages.kontoinhaber}
                inputRef={holderRef}
                name="name"
                autoComplete="name"
              />
              <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
                {t(busy ? 'recipient.bank.submitting' : 'recipient.bank.submit')}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
