import { type FormEvent, useId, useRef, useState } from 'react';
import {
  ApiRequestError,
  errorKey,
  postCreateRecipient,
  type RecipientJourney,
  RouteLink,
  useNavigateToRoute,
  useT,
} from '../../runtime/index.ts';
import form from '../shared/AccountForm.module.css';
import { failureMessage, fieldMessage } from '../shared/accountFormErrors.ts';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { ErrorSummary, type FormError } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import { NO_PROBLEMS, type RecipientDataProblems, validateRecipientData } from './validateRecipientData.ts';

type Field = keyof RecipientDataProblems;
const FIELDS: readonly Field[] = ['vorname', 'nachname', 'email', 'terms'];

/** Server answers that belong to one field rather than to the whole form. */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  PSOF0302: 'email',
  PSOF0303: 'email',
  PSOF0304: 'terms',
};

/**
 * The recipient data form (SPEC 2 and 3: first name, last name, e-mail, terms) → POST
 * /empfaenger/create/{nr}?channel=. On success the recipient is remembered (cookie and token, SPEC 4) and
 * the journey goes on to the consent page.
 */
export function RecipientDataForm({ journey }: { journey: RecipientJourney }) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const id = useId();
  const refs = {
    vorname: useRef<HTMLInputElement>(null),
    nachname: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };
  const [problems, setProblems] = useState<RecipientDataProblems>(NO_PROBLEMS);
  /** Messages from the server that belong to a field (e.g. PSOF0303 at the e-mail). */
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const labels = {
    vorname: t('recipient.data.vorname'),
    nachname: t('recipient.data.nachname'),
    email: t('recipient.data.email'),
    terms: t('recipient.data.terms'),
  };
  const messages: Record<Field, string | null> = {
    vorname: fieldMessage(t, problems.vorname, labels.vorname),
    nachname: fieldMessage(t, problems.nachname, labels.nachname),
    email: serverErrors.email ?? fieldMessage(t, problems.email, labels.email),
    terms: serverErrors.terms ?? (problems.terms ? t('form.checkboxRequired') : null),
  };
  const fieldId = (field: Field) => `${id}-${field}`;
  const summary: FormError[] = FIELDS.flatMap((field) => {
    const message = messages[field];
    return message ? [{ fieldId: fieldId(field), message }] : [];
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = {
      vorname: refs.vorname.current?.value.trim() ?? '',
      nachname: refs.nachname.current?.value.trim() ?? '',
      email: refs.email.current?.value.trim() ?? '',
      terms: refs.terms.current?.checked ?? false,
    };
    const found = validateRecipientData(values);
    setProblems(found);
    setServerErrors({});
    setFailure(null);
    setAttempt((count) => count + 1);
    if (FIELDS.some((field) => found[field] !== null)) return;
    setBusy(true);
    try {
      const created = await postCreateRecipient(
        journey.empfehlungsnummer,
        { Vorname: values.vorname, Nachname: values.nachname, Email: values.email, AgbAkzeptiert: true },
        journey.channel,
      );
      journey.remember({ empfaengernummer: created.Empfaengernummer, token: created.Token });
      navigateTo('RecipientConsent', { params: { empfehlungsnummer: journey.empfehlungsnummer } });
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiRequestError ? error.code : 'PSOF0001';
      if (code === 'PSOF0309') {
        navigateTo('ExpiredRecommendation', { replace: true });
        return;
      }
      const field = FIELD_OF_CODE[code];
      if (field) {
        setServerErrors({ [field]: t(errorKey(code), { defaultValue: (error as Error).message }) });
        setAttempt((count) => count + 1);
      } else {
        setFailure(failureMessage(t, error));
      }
    }
  }

  return (
    <form className={form.form} noValidate onSubmit={submit} aria-label={t('recipient.data.formLabel')}>
      <ErrorSummary title={t('form.errorSummary')} errors={summary} attempt={attempt} />
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <TextField
        id={fieldId('vorname')}
        label={labels.vorname}
        error={messages.vorname}
        inputRef={refs.vorname}
        name="given-name"
        autoComplete="given-name"
      />
      <TextField
        id={fieldId('nachname')}
        label={labels.nachname}
        error={messages.nachname}
        inputRef={refs.nachname}
        name="family-name"
        autoComplete="family-name"
      />
      <TextField
        id={fieldId('email')}
        label={labels.email}
        error={messages.email}
        inputRef={refs.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
      />
      <CheckboxField
        id={fieldId('terms')}
        name="terms"
        label={labels.terms}
        error={messages.terms}
        inputRef={refs.terms}
        hint={
          <>
            <RouteLink to="ParticipationTerms">{t('recipient.data.termsLink')}</RouteLink>
            {' · '}
            <RouteLink to="Privacy">{t('recipient.data.privacyLink')}</RouteLink>
          </>
        }
      />
      <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
        {t(busy ? 'recipient.data.submitting' : 'recipient.data.submit')}
      </button>
    </form>
  );
}
