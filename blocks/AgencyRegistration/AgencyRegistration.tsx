import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  completeAgencyRegistration,
  confirmAgencyRegistration,
  errorKey,
  failureCode,
  preloadApi,
  RouteLink,
  registerAgency,
  SchemaForm,
  useFormSubmit,
  useNavigateToRoute,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import type {
  AgencyRegistrationData,
  AgencyRegistrationDataForm,
} from '../../schemas/forms/agencyRegistration.ts';
import form from '../shared/AccountForm.module.css';
import panel from '../shared/Panel.module.css';
import {
  NEW_PASSWORD_FIELD_OF_CODE,
  newPasswordUiSchema,
  validateNewPassword,
} from '../shared/passwordFieldErrors.ts';
import { usePasswordRules } from '../shared/usePasswordRules.ts';
import type { AgencyRegistrationProps } from './schema.ts';

/** Answers that mean the link itself is dead: unknown or expired, used, the data already given. */
const DEAD_LINK: readonly ErrorCode[] = ['PSOF0663', 'PSOF0664', 'PSOF0665'];

/**
 * An agency registers itself (issue 14; server/agency/registration): `register` asks for the company, the
 * owner and a password and then says "check your mailbox"; `confirm` is the mailed link's page, which
 * confirms on load and goes on to `data` with the token the server answers; `data` asks for the address,
 * the tax number and a phone and ends with "thank you, we are reviewing". The programme team activates the
 * agency later (back office).
 */
export function AgencyRegistration({ step, headline, intro }: AgencyRegistrationProps) {
  if (step === 'confirm') return <ConfirmStep headline={headline} />;
  if (step === 'data') return <DataStep headline={headline} intro={intro} />;
  return <RegisterStep headline={headline} intro={intro} />;
}

interface TextProps {
  headline?: string | undefined;
  intro?: string | undefined;
}

function Panel({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** A message that takes the focus when it appears (the form it replaces had it). */
function FocusedMessage({ children, role }: { children: ReactNode; role?: 'alert' | 'status' }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role={role} className={role === 'alert' ? panel.alert : undefined}>
      {children}
    </p>
  );
}

/** A dead link says why and offers a new registration (which mails a new link) and the login. */
function DeadLink({ code }: { code: ErrorCode }) {
  const t = useT();
  return (
    <>
      <FocusedMessage role="alert">{t(errorKey(code))}</FocusedMessage>
      <div className={panel.actions}>
        {code === 'PSOF0663' && (
          <RouteLink to="AgencyRegister" className="button">
            {t('agencyRegistration.registerAgain')}
          </RouteLink>
        )}
        <RouteLink to="AgencyLogin">{t('agencyRegistration.toLogin')}</RouteLink>
      </div>
    </>
  );
}

const REGISTER_FAILURES = {
  fieldOfCode: { ...NEW_PASSWORD_FIELD_OF_CODE, PSOF0304: 'Agb', PSOF0302: 'Email' },
} as const;

function RegisterStep({ headline, intro }: TextProps) {
  const t = useT();
  const id = useId();
  const rules = usePasswordRules();
  const submit = useFormSubmit(REGISTER_FAILURES);
  const [formData, setFormData] = useState<AgencyRegistrationData>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    void preloadApi();
  }, []);

  const uiSchema = useMemo<UiSchema<AgencyRegistrationData>>(
    () => ({
      Firma: { 'ui:title': t('agencyRegistration.firma'), 'ui:autocomplete': 'organization' },
      Vorname: { 'ui:title': t('agencyRegistration.vorname'), 'ui:autocomplete': 'given-name' },
      Nachname: { 'ui:title': t('agencyRegistration.nachname'), 'ui:autocomplete': 'family-name' },
      Email: { 'ui:title': t('agencyRegistration.email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      ...newPasswordUiSchema({ password: t('password.choose'), confirm: t('password.confirm') }, rules),
      Agb: { 'ui:title': t('agencyRegistration.terms') },
    }),
    [t, rules],
  );
  const customValidate = useMemo<CustomValidator<AgencyRegistrationData>>(
    () => (data, errors, _uiSchema, errorSchema) =>
      validateNewPassword(t, rules, data, errors, errorSchema) as FormValidation<AgencyRegistrationData>,
    [t, rules],
  );

  async function send(values: AgencyRegistrationData) {
    const outcome = await submit.run(() =>
      registerAgency({
        Firma: values.Firma?.trim() ?? '',
        Vorname: values.Vorname?.trim() ?? '',
        Nachname: values.Nachname?.trim() ?? '',
        Email: values.Email?.trim() ?? '',
        Password: values.Password ?? '',
        PasswordConfirm: values.PasswordConfirm ?? '',
        Agb: values.Agb === true,
      }),
    );
    if (outcome?.ok) setSentTo(outcome.value.Email);
  }

  const headingId = `${id}-headline`;
  return (
    <Panel headingId={headingId} title={t(headline ?? 'agencyRegistration.headline')}>
      {sentTo ? (
        <FocusedMessage role="status">{t('agencyRegistration.sent', { email: sentTo })}</FocusedMessage>
      ) : (
        <>
          <p>{t(intro ?? 'agencyRegistration.intro')}</p>
          <p>
            <RouteLink to="AgencyRules">{t('agencyRegistration.readRules')}</RouteLink>
          </p>
          <SchemaForm<AgencyRegistrationData>
            form="agencyRegistration"
            idPrefix={`${id}-form`}
            labelledBy={headingId}
            uiSchema={uiSchema}
            formData={formData}
            customValidate={customValidate}
            submit={submit}
            submitLabel="agencyRegistration.submit"
            busyLabel="agencyRegistration.submitting"
            onChange={setFormData}
            onSubmit={send}
          />
          <div className={panel.actions}>
            <RouteLink to="AgencyLogin">{t('agencyRegistration.toLogin')}</RouteLink>
          </div>
        </>
      )}
    </Panel>
  );
}

type ConfirmState = { kind: 'confirming' } | { kind: 'dead'; code: ErrorCode };

function ConfirmStep({ headline }: TextProps) {
  const t = useT();
  const id = useId();
  const { params } = useRoute();
  const navigateTo = useNavigateToRoute();
  const token = params.token ?? '';
  const [state, setState] = useState<ConfirmState>({ kind: 'confirming' });
  const started = useRef(false);

  useEffect(() => {
    // The link is single use: confirm once, even when React runs the effect twice.
    if (started.current) return;
    started.current = true;
    void Promise.all([confirmAgencyRegistration(token), preloadApi()]).then(
      ([confirmed]) =>
        navigateTo('AgencyRegisterData', { params: { token: confirmed.Token }, replace: true }),
      (error: unknown) => void preloadApi().then(() => setState({ kind: 'dead', code: failureCode(error) })),
    );
  }, [token, navigateTo]);

  const headingId = `${id}-headline`;
  return (
    <Panel headingId={headingId} title={t(headline ?? 'agencyRegistration.confirm.headline')}>
      {state.kind === 'confirming' ? (
        <p role="status">{t('agencyRegistration.confirm.checking')}</p>
      ) : (
        <DeadLink code={state.code} />
      )}
    </Panel>
  );
}

const DATA_FIELDS = ['Strasse', 'Plz', 'Ort', 'UstId', 'Steuernummer', 'KontaktTelefon'] as const;

function DataStep({ headline, intro }: TextProps) {
  const t = useT();
  const id = useId();
  const { params } = useRoute();
  const token = params.token ?? '';
  const submit = useFormSubmit({ fieldOfCode: { PSOF0666: 'UstId' } });
  const [formData, setFormData] = useState<AgencyRegistrationDataForm>({});
  const [done, setDone] = useState<string | null>(null);
  const [dead, setDead] = useState<ErrorCode | null>(null);

  useEffect(() => {
    void preloadApi();
  }, []);

  const uiSchema = useMemo<UiSchema<AgencyRegistrationDataForm>>(() => {
    const ui: Record<string, object> = {};
    for (const field of DATA_FIELDS) ui[field] = { 'ui:title': t(`agencyArea.masterData.${field}`) };
    ui.Strasse = { ...ui.Strasse, 'ui:autocomplete': 'street-address' };
    ui.Plz = { ...ui.Plz, 'ui:autocomplete': 'postal-code' };
    ui.Ort = { ...ui.Ort, 'ui:autocomplete': 'address-level2' };
    ui.UstId = {
      ...ui.UstId,
      'ui:widget': 'textWithHint',
      'ui:options': { hint: t('agencyRegistration.data.taxHint') },
    };
    ui.KontaktTelefon = {
      ...ui.KontaktTelefon,
      'ui:autocomplete': 'tel',
      'ui:options': { inputType: 'tel' },
    };
    return ui as UiSchema<AgencyRegistrationDataForm>;
  }, [t]);

  const customValidate = useMemo<CustomValidator<AgencyRegistrationDataForm>>(
    () => (data, errors) => {
      if (!data?.UstId?.trim() && !data?.Steuernummer?.trim())
        errors.UstId?.addError(t(errorKey('PSOF0666')));
      return errors;
    },
    [t],
  );

  async function save(values: AgencyRegistrationDataForm) {
    const text = (field: (typeof DATA_FIELDS)[number]) => values[field]?.trim() ?? '';
    const outcome = await submit.run(
      () =>
        completeAgencyRegistration({
          Token: token,
          Strasse: text('Strasse'),
          Plz: text('Plz'),
          Ort: text('Ort'),
          UstId: text('UstId'),
          Steuernummer: text('Steuernummer'),
          KontaktTelefon: text('KontaktTelefon'),
        }),
      (code) => (DEAD_LINK.includes(code) ? null : undefined),
    );
    if (!outcome) return;
    if (outcome.ok) setDone(outcome.value.Agenturnummer);
    else if (DEAD_LINK.includes(outcome.code)) setDead(outcome.code);
  }

  const headingId = `${id}-headline`;
  if (done) {
    return (
      <Panel headingId={headingId} title={t('agencyRegistration.done.headline')}>
        <FocusedMessage role="status">{t('agencyRegistration.done.text', { nummer: done })}</FocusedMessage>
        <div className={panel.actions}>
          <RouteLink to="AgencyHome">{t('agencyRegistration.done.toHome')}</RouteLink>
        </div>
      </Panel>
    );
  }
  return (
    <Panel headingId={headingId} title={t(headline ?? 'agencyRegistration.data.headline')}>
      {dead ? (
        <DeadLink code={dead} />
      ) : (
        <>
          <p>{t(intro ?? 'agencyRegistration.data.intro')}</p>
          <p className={form.hint}>{t('agencyRegistration.data.confirmed')}</p>
          <SchemaForm<AgencyRegistrationDataForm>
            form="agencyRegistrationData"
            idPrefix={`${id}-form`}
            labelledBy={headingId}
            uiSchema={uiSchema}
            formData={formData}
            customValidate={customValidate}
            submit={submit}
            submitLabel="agencyRegistration.data.submit"
            busyLabel="agencyRegistration.submitting"
            onChange={setFormData}
            onSubmit={save}
          />
        </>
      )}
    </Panel>
  );
}
