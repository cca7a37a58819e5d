import type { CustomValidator, RegistryFieldsType } from '@rjsf/utils';
import { useId, useMemo, useRef, useState } from 'react';
import { isEmailAllowed } from '../../domain/emailRules.ts';
import {
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  postCreateRecommendation,
  postResendOptin,
  RouteLink,
  rememberRecommendation,
  SchemaForm,
  specErrorTransformer,
  useFormSubmit,
  useLanguage,
  useMandant,
  useNavigateToRoute,
  useRecommender,
  useSession,
  useT,
} from '../../runtime/index.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import type { RecommendFormData, RecommendFormVariant } from '../../schemas/recommendForm.ts';
import type { RecommendationKind } from '../../schemas/recommendFormApi.ts';
import { CaptchaField } from '../shared/captcha/index.ts';
import panel from '../shared/Panel.module.css';
import { CampaignsField, type RecommendFormContext } from './CampaignsField.tsx';
import styles from './RecommendForm.module.css';
import { FORM_OF_VARIANT, initialFormData, recommendUiSchema, recommendWording } from './recommendFormUi.ts';
import { toCreateRequest } from './toCreateRequest.ts';
import { useRecommendSetup } from './useRecommendSetup.ts';

const FIELDS = { campaigns: CampaignsField } as RegistryFieldsType;

/** One random id per form: a retried submission is answered with the recommendation it made (Idempotency-Key). */
function newRequestId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

export interface RecommendFormBodyProps {
  variant: RecommendFormVariant;
  productId: string;
  labelledBy: string;
}

/**
 * The form itself, once the server said whether a captcha is needed and which campaigns run. Submitting
 * creates the recommendation and opens the share page (the thanks page for an offline code, the confirmation
 * page while the e-mail is not confirmed).
 */
export function RecommendFormBody({ variant, productId, labelledBy }: RecommendFormBodyProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const language = useLanguage();
  const { user } = useSession();
  const recommender = useRecommender();
  const navigateTo = useNavigateToRoute();
  const setup = useRecommendSetup(user !== null);
  const [formData, setFormData] = useState<RecommendFormData | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const submit = useFormSubmit();
  /** PSOF0305: the address whose opt-in mail the failure's button sends again. */
  const [resendTo, setResendTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Sent: busy until the next page is there.
  const [sent, setSent] = useState(false);
  const busy = submit.busy || sent;
  const requestId = useRef(newRequestId());
  const kind = useRef<RecommendationKind>(variant);

  const ready = setup.phase === 'ready' ? setup : null;
  const campaigns = ready?.campaigns;
  const formSetup = useMemo(
    () => (campaigns ? { variant, mandant, user, campaigns } : null),
    [campaigns, variant, mandant, user],
  );
  const uiSchema = useMemo(() => (formSetup ? recommendUiSchema(t, formSetup) : {}), [t, formSetup]);
  const transformErrors = useMemo(() => specErrorTransformer<RecommendFormData>(t, recommendWording(t)), [t]);
  const customValidate = useMemo<CustomValidator<RecommendFormData>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      // SPEC 5, EmailWhitelist — only when the address is otherwise fine (one message per field).
      const email = data?.email ?? '';
      const alreadyWrong = (errorSchema?.email?.__errors?.length ?? 0) > 0;
      if (!alreadyWrong && isEmailAddress(email) && !isEmailAllowed(email, mandant.EmailWhitelist ?? [])) {
        errors.email?.addError(t('form.invalidEmail'));
      }
      return errors;
    },
    [mandant.EmailWhitelist, t],
  );

  if (setup.phase === 'failed') {
    return (
      <p className={panel.alert} role="alert">
        {t(errorKey(setup.code), { defaultValue: setup.message })}
      </p>
    );
  }
  if (!formSetup) return null; // ready, so there is one
  const data = formData ?? initialFormData(formSetup);
  const formContext: RecommendFormContext = {
    campaigns: formSetup.campaigns.slice(),
    campaignsLegend: t('recommend.form.campaigns'),
  };

  async function send(values: RecommendFormData) {
    // Not before the server said whether a captcha is needed (a moment after the page is there).
    if (busy || ready?.captcha === null) return;
    submit.setFailure(null);
    setResendTo(null);
    setNotice(null);
    if (ready?.captcha && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307'), { defaultValue: t('recommend.form.captchaMissing') }));
      document.getElementById(`${id}-captcha`)?.querySelector<HTMLElement>('input')?.focus();
      return;
    }
    setCaptchaError(null);
    await submit.run(
      async () => {
        const view = await postCreateRecommendation(
          toCreateRequest(values, {
            productId,
            kind: kind.current,
            captcha: ready?.captcha ? captcha : null,
            consentCampaigns:
              formSetup?.campaigns
                .filter((campaign) => campaign.Zustimmung)
                .map((campaign) => campaign.AktionsId) ?? [],
          }),
          requestId.current,
        );
        rememberRecommendation(view);
        if (values.newsletter && user) {
          // The opt-in mail comes from the personal area's newsletter flow; the recommendation stands either way.
          recommender
            .requestNewsletter()
            .catch((error: unknown) => console.warn('Newsletter not requested', error));
        }
        setSent(true);
        const search = `?empfehlung=${encodeURIComponent(view.Empfehlungsnummer)}`;
        if (view.OptinAusstehend) navigateTo('Confirmation', { search });
        else if (view.Art === 'offline') navigateTo('Thanks', { search });
        else navigateTo('RecommendationShare', { params: { empfehlungsnummer: view.Empfehlungsnummer } });
      },
      (code) => {
        if (code === 'PSOF0307' || code === 'PSOF0308') {
          // A refused payload is used up or useless: a fresh challenge.
          setCaptcha(null);
          setCaptchaReset((key) => key + 1);
        }
        if (code === 'PSOF0305') setResendTo(values.email ?? '');
        return undefined;
      },
    );
  }

  async function resend(email: string) {
    try {
      await postResendOptin(email, productId);
      submit.setFailure(null);
      setNotice(t('recommend.form.resent'));
    } catch (error) {
      submit.setFailure(failureMessage(t, error));
    }
    setResendTo(null);
  }

  return (
    <div className={styles.form}>
      {user && <p>{t('recommend.form.loggedInAs', { vorname: user.Vorname, nachname: user.Nachname })}</p>}
      {submit.failure && (
        <div className={panel.alert} role="alert">
          <p>{submit.failure}</p>
          {resendTo !== null && (
            <button type="button" className={`button ${panel.action}`} onClick={() => resend(resendTo)}>
              {t('recommend.form.resend')}
            </button>
          )}
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      <SchemaForm<RecommendFormData>
        form={FORM_OF_VARIANT[variant]}
        idPrefix={`${id}-form`}
        labelledBy={labelledBy}
        uiSchema={uiSchema}
        formData={data}
        fields={FIELDS}
        formContext={formContext as unknown as Record<string, unknown>}
        transformErrors={transformErrors}
        customValidate={customValidate}
        loadingText={t('recommend.form.loading')}
        onChange={setFormData}
        onSubmit={send}
      >
        <p className={styles.terms}>
          <RouteLink to="ParticipationTerms">{t('recommend.form.termsLink')}</RouteLink>
        </p>
        {ready?.captcha && (
          <CaptchaField
            id={`${id}-captcha`}
            challengeUrl={captchaChallengeUrl(mandant.id)}
            language={language}
            loadingText={t('captcha.loading')}
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(null);
            }}
            resetKey={captchaReset}
            error={captchaError}
          />
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              kind.current = variant;
            }}
          >
            {t(busy ? 'recommend.form.submitting' : 'recommend.form.submit')}
          </button>
          {variant === 'standard' && mandant.ModuleErstelleOfflineEmpfehlungCode && (
            <button
              type="submit"
              className="button button-inverse"
              aria-disabled={busy || undefined}
              aria-describedby={`${id}-offline`}
              onClick={() => {
                kind.current = 'offline';
              }}
            >
              {t('recommend.form.submitOffline')}
            </button>
          )}
        </div>
        {variant === 'standard' && mandant.ModuleErstelleOfflineEmpfehlungCode && (
          <p id={`${id}-offline`} className={styles.hint}>
            {t('recommend.form.offlineHint')}
          </p>
        )}
      </SchemaForm>
    </div>
  );
}
