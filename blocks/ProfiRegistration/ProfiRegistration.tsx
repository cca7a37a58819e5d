import type { CustomValidator, FormValidation, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  preloadApi,
  RouteLink,
  registerProfi,
  SchemaForm,
  useFormSubmit,
  useLanguage,
  useMandant,
  useNavigateToRoute,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { ProfiRegistrationForm } from '../../schemas/forms/profiSeller.ts';
import { CaptchaField } from '../shared/captcha/index.ts';
import { validateIbanField } from '../shared/ibanField.ts';
import panel from '../shared/Panel.module.css';
import {
  SELLER_FIELD_OF_CODE,
  sellerBody,
  sellerUiSchema,
  validateSellerData,
} from '../shared/profi/sellerForm.ts';
import type { ProfiRegistrationProps } from './schema.ts';

/** The server's answers about one field, shown at it (the seller's rules, the address, the IBAN, the agreement). */
const FAILURES = {
  fieldOfCode: {
    ...SELLER_FIELD_OF_CODE,
    PSOF0302: 'Email',
    PSOF0946: 'Email',
    PSOF0947: 'Vereinbarung',
    PSOF0240: 'IBAN',
    PSOF0242: 'IBAN',
    PSOF0241: 'Kontoinhaber',
  },
} as const;

/**
 * A profi-seller registers (issue 16, POST profi/registrieren): person or company, address, tax status and
 * number, the e-mail (the login), optionally the bank account and the agreement, and the captcha. The
 * rules a schema cannot state are checked as the server checks them (schemas/profiRules.ts, the IBAN's
 * checksum and ModuleIBANNurDE); the server's refusals are the catalogue's texts. Then the welcome page.
 * A logged-in recommender (e.g. sent here by a profi page's "reserved for sellers") registers their own
 * account: their address, no captcha, and straight on to the overview.
 */
export function ProfiRegistration({
  headline = 'profi.registration.headline',
  intro = 'profi.registration.intro',
}: ProfiRegistrationProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const language = useLanguage();
  const navigateTo = useNavigateToRoute();
  const submit = useFormSubmit(FAILURES);
  const { user } = useSession();
  const [formData, setFormData] = useState<ProfiRegistrationForm>({ Art: 'Person' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  // The widget needs the browser (its worker): it joins the form once the page has hydrated.
  const [inBrowser, setInBrowser] = useState(false);
  const germanOnly = mandant.ModuleIBANNurDE === true;

  useEffect(() => {
    void preloadApi();
    setInBrowser(true);
  }, []);
  // A logged-in recommender registers their own account (no captcha, their address).
  const userEmail = user?.Email;
  useEffect(() => {
    if (userEmail) {
      setFormData((previous) => ({
        ...previous,
        Email: previous.Email || userEmail,
      }));
    }
  }, [userEmail]);

  const uiSchema = useMemo<UiSchema<ProfiRegistrationForm>>(() => {
    const seller = sellerUiSchema(t);
    return {
      'ui:order': [
        'Art',
        'Firma',
        'Vorname',
        'Nachname',
        'Email',
        'Telefon',
        'Strasse',
        'Plz',
        'Ort',
        'Steuerstatus',
        'Steuernummer',
        'UstId',
        'IBAN',
        'Kontoinhaber',
        'Vereinbarung',
      ],
      ...seller,
      Email: { 'ui:title': t('profi.field.Email'), 'ui:widget': 'email', 'ui:autocomplete': 'email' },
      IBAN: {
        'ui:title': t('profi.field.IBAN'),
        'ui:autocomplete': 'off',
        'ui:widget': 'textWithHint',
        'ui:options': { hint: t(germanOnly ? 'profi.field.IBANHintGerman' : 'profi.field.IBANHint') },
      },
      Kontoinhaber: { 'ui:title': t('profi.field.Kontoinhaber'), 'ui:autocomplete': 'name' },
      Vereinbarung: { 'ui:title': t('profi.field.Vereinbarung') },
    } as UiSchema<ProfiRegistrationForm>;
  }, [t, germanOnly]);

  const customValidate = useMemo<CustomValidator<ProfiRegistrationForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      validateSellerData(t, data, errors, errorSchema);
      validateIbanField(
        t,
        { germanOnly, label: t('profi.field.IBAN'), notGermanCode: 'PSOF0242' },
        data,
        errors,
        errorSchema,
      );
      if ((data?.IBAN ?? '').trim() !== '' && (data?.Kontoinhaber ?? '').trim() === '') {
        errors.Kontoinhaber?.addError(t('profi.field.KontoinhaberNeeded'));
      }
      return errors as FormValidation<ProfiRegistrationForm>;
    },
    [t, germanOnly],
  );

  async function send(values: ProfiRegistrationForm) {
    if (!user && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307')));
      return;
    }
    const iban = (values.IBAN ?? '').replace(/\s+/g, '');
    const outcome = await submit.run(
      () =>
        registerProfi({
          ...sellerBody(values),
          Email: (values.Email ?? '').trim(),
          ...(iban ? { IBAN: iban, Kontoinhaber: (values.Kontoinhaber ?? '').trim() } : {}),
          Vereinbarung: values.Vereinbarung === true,
          ...(captcha ? { Captcha: captcha } : {}),
        }),
      (code, error) => {
        if (code !== 'PSOF0307' && code !== 'PSOF0308') return undefined;
        // A refused or used-up solution: the widget starts over with a fresh challenge.
        setCaptchaError(failureMessage(t, error));
        setCaptcha(null);
        setCaptchaReset((key) => key + 1);
        return null;
      },
    );
    if (!outcome) return;
    if (outcome.ok) {
      // A new seller chooses a password first; a logged-in recommender is a seller at once.
      navigateTo(
        user && outcome.value.Email.toLowerCase() === user.Email.toLowerCase()
          ? 'ProfiOverview'
          : 'ProfiWelcome',
      );
      return;
    }
    // Any other refusal used up the solution too.
    setCaptcha(null);
    setCaptchaReset((key) => key + 1);
  }

  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <SchemaForm<ProfiRegistrationForm>
          form="profiRegistration"
          idPrefix={`${id}-form`}
          labelledBy={headingId}
          uiSchema={uiSchema}
          formData={formData}
          customValidate={customValidate}
          submit={submit}
          submitLabel="profi.registration.submit"
          busyLabel="profi.registration.submitting"
          onChange={setFormData}
          onSubmit={send}
        >
          {inBrowser && !user && (
            <CaptchaField
              id={`${id}-captcha`}
              challengeUrl={captchaChallengeUrl(mandant.id)}
              language={language}
              loadingText={t('profi.registration.captchaLoading')}
              onChange={(payload) => {
                setCaptcha(payload);
                if (payload) setCaptchaError(null);
              }}
              resetKey={captchaReset}
              error={captchaError}
            />
          )}
        </SchemaForm>
        <div className={panel.actions}>
          <RouteLink to="Login" search="?redirect=ProfiOverview">
            {t('profi.registration.toLogin')}
          </RouteLink>
        </div>
      </div>
    </section>
  );
}
