import { type FormEvent, useId, useMemo, useRef } from 'react';
import {
  type FieldWording,
  failureMessage,
  postCreateRecipient,
  type RecipientJourney,
  RouteLink,
  SubmitButton,
  useFormSubmit,
  useNavigateToRoute,
  useSchemaCheck,
  useT,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type { RecipientDataForm as RecipientData } from '../../schemas/forms/recipientData.ts';
import form from '../shared/AccountForm.module.css';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { ErrorSummary } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';

type Field = 'Vorname' | 'Nachname' | 'Email' | 'AgbAkzeptiert';

/** Server answers that belong to one field rather than to the whole form. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, Field>> = {
  PSOF0302: 'Email',
  PSOF0303: 'Email',
  PSOF0304: 'AgbAkzeptiert',
};

/**
 * The recipient data form (SPEC 2 and 3: first name, last name, e-mail, terms) → POST
 * /empfaenger/create/{nr}?channel=. It renders on the recipient landing, a first-paint route, so it is checked
 * with `useSchemaCheck` (the form's schema in schemas/forms/recipientData.ts, precompiled, SPEC 5 wording)
 * instead of rjsf (docs/adr/0016-one-form-mechanism.md). On success the recipient is remembered (cookie and
 * token, SPEC 4) and the journey goes on to the consent page.
 */
export function RecipientDataForm({ journey }: { journey: RecipientJourney }) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const id = useId();
  const refs = {
    Vorname: useRef<HTMLInputElement>(null),
    Nachname: useRef<HTMLInputElement>(null),
    Email: useRef<HTMLInputElement>(null),
    AgbAkzeptiert: useRef<HTMLInputElement>(null),
  };
  const labels: Record<Field, string> = {
    Vorname: t('recipient.data.vorname'),
    Nachname: t('recipient.data.nachname'),
    Email: t('recipient.data.email'),
    AgbAkzeptiert: t('recipient.data.terms'),
  };
  const wording = useMemo<Record<Field, FieldWording>>(
    () => ({
      Vorname: { label: labels.Vorname },
      Nachname: { label: labels.Nachname },
      Email: { label: labels.Email, kind: 'email' },
      AgbAkzeptiert: { label: labels.AgbAkzeptiert, kind: 'consent' },
    }),
    [labels.Vorname, labels.Nachname, labels.Email, labels.AgbAkzeptiert],
  );
  const { problems, attempt, check, addProblem } = useSchemaCheck('recipientData', wording);
  const { busy, failure, run } = useFormSubmit();
  const fieldId = (field: Field) => `${id}-${field}`;
  const message = (field: Field) => problems.fields[field] ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data: RecipientData = {
      Vorname: refs.Vorname.current?.value.trim() ?? '',
      Nachname: refs.Nachname.current?.value.trim() ?? '',
      Email: refs.Email.current?.value.trim() ?? '',
      AgbAkzeptiert: refs.AgbAkzeptiert.current?.checked ?? false,
    };
    if (!(await check(data))) return;
    const outcome = await run(
      () =>
        postCreateRecipient(
          journey.empfehlungsnummer,
          {
            Vorname: data.Vorname ?? '',
            Nachname: data.Nachname ?? '',
            Email: data.Email ?? '',
            AgbAkzeptiert: true,
          },
          journey.channel,
        ),
      (code, error) => {
        // An expired recommendation has its own page; a problem of one field is shown at that field.
        if (code === 'PSOF0309') return null;
        const field = FIELD_OF_CODE[code];
        if (!field) return undefined;
        addProblem(field, failureMessage(t, error));
        return null;
      },
    );
    if (!outcome) return;
    if (outcome.ok) {
      journey.remember({ empfaengernummer: outcome.value.Empfaengernummer, token: outcome.value.Token });
      navigateTo('RecipientConsent', { params: { empfehlungsnummer: journey.empfehlungsnummer } });
    } else if (outcome.code === 'PSOF0309') {
      navigateTo('ExpiredRecommendation', { replace: true });
    }
  }

  return (
    <form className={form.form} noValidate onSubmit={submit} aria-label={t('recipient.data.formLabel')}>
      <ErrorSummary
        title={t('form.errorSummary')}
        errors={problems.summary.map((entry) => ({
          fieldId: fieldId(entry.field as Field),
          message: entry.message,
        }))}
        attempt={attempt}
      />
      {failure && (
        <p className={panel.alert} role="alert">
          {failure}
        </p>
      )}
      <TextField
        id={fieldId('Vorname')}
        label={labels.Vorname}
        error={message('Vorname')}
        inputRef={refs.Vorname}
        name="given-name"
        autoComplete="given-name"
      />
      <TextField
        id={fieldId('Nachname')}
        label={labels.Nachname}
        error={message('Nachname')}
        inputRef={refs.Nachname}
        name="family-name"
        autoComplete="family-name"
      />
      <TextField
        id={fieldId('Email')}
        label={labels.Email}
        error={message('Email')}
        inputRef={refs.Email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
      />
      <CheckboxField
        id={fieldId('AgbAkzeptiert')}
        name="terms"
        label={labels.AgbAkzeptiert}
        error={message('AgbAkzeptiert')}
        inputRef={refs.AgbAkzeptiert}
        hint={
          <>
            <RouteLink to="ParticipationTerms">{t('recipient.data.termsLink')}</RouteLink>
            {' · '}
            <RouteLink to="Privacy">{t('recipient.data.privacyLink')}</RouteLink>
          </>
        }
      />
      <SubmitButton label="recipient.data.submit" busyLabel="recipient.data.submitting" busy={busy} />
    </form>
  );
}
