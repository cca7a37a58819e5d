import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  fetchInvitationData,
  preloadApi,
  SchemaForm,
  sendInvitation,
  useFormSubmit,
  useLanguage,
  useMandant,
  useT,
} from '../../runtime/index.ts';
import { type EinladungDaten, INVITATION_ARTEN } from '../../schemas/agency.ts';
import type { InvitationData as InvitationFormData } from '../../schemas/forms/invitation.ts';
import styles from '../shared/agency/Agency.module.css';
import { CaptchaField } from '../shared/captcha/index.ts';
import { useLoaded } from '../shared/useLoaded.ts';

/**
 * The invitation form (SPEC 3 agent invitation, PUT Einladung): the customer's names and e-mail, how they
 * were met, and the inviting employee's number (prefilled from GET Einladung/daten). The captcha shows when
 * the pre-check asks for it. The customer gets a mail whose link completes their registration.
 */
export function InvitationForm({ onSent }: { onSent?: () => void }) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const language = useLanguage();
  const [data] = useLoaded<EinladungDaten>(() => fetchInvitationData(), []);
  const submit = useFormSubmit({ fieldOfCode: { PSOF0302: 'Email', PSOF0635: 'Mitarbeiternummer' } });
  const [formData, setFormData] = useState<InvitationFormData>({ Art: 'VorOrt' });
  const [sent, setSent] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);

  useEffect(() => {
    void preloadApi();
  }, []);
  // The employee's own number, once the data has come (the user may change it).
  const number = data.state === 'done' ? data.value.Mitarbeiternummer : null;
  useEffect(() => {
    if (number) setFormData((previous) => ({ Mitarbeiternummer: number, ...previous }));
  }, [number]);

  const arten = data.state === 'done' && data.value.Arten.length > 0 ? data.value.Arten : INVITATION_ARTEN;
  const captchaRequired = data.state === 'done' && data.value.CaptchaErforderlich;
  const uiSchema = useMemo<UiSchema<InvitationFormData>>(
    () => ({
      Vorname: { 'ui:title': t('agencyArea.invite.vorname'), 'ui:autocomplete': 'off' },
      Nachname: { 'ui:title': t('agencyArea.invite.nachname'), 'ui:autocomplete': 'off' },
      Email: { 'ui:title': t('agencyArea.invite.email'), 'ui:widget': 'email', 'ui:autocomplete': 'off' },
      Art: {
        'ui:title': t('agencyArea.invite.art'),
        'ui:widget': 'radioChoice',
        'ui:options': { choices: arten.map((art) => ({ value: art, label: t(`agencyArea.art.${art}`) })) },
      },
      Mitarbeiternummer: { 'ui:title': t('agencyArea.invite.mitarbeiternummer'), 'ui:autocomplete': 'off' },
    }),
    [t, arten],
  );

  async function send(values: InvitationFormData) {
    setSent(null);
    if (captchaRequired && !captcha) {
      setCaptchaError(t(errorKey('PSOF0307')));
      return;
    }
    const vorname = (values.Vorname ?? '').trim();
    const nachname = (values.Nachname ?? '').trim();
    const email = (values.Email ?? '').trim();
    const nummer = (values.Mitarbeiternummer ?? '').trim();
    const outcome = await submit.run(
      () =>
        sendInvitation({
          Vorname: vorname,
          Nachname: nachname,
          Email: email,
          Art: values.Art ?? 'VorOrt',
          Mitarbeiternummer: nummer === '' ? null : nummer,
          ...(captchaRequired && captcha ? { Captcha: captcha } : {}),
        }),
      (code, error) => {
        if (code !== 'PSOF0307' && code !== 'PSOF0308') return undefined;
        setCaptchaError(failureMessage(t, error));
        setCaptcha(null);
        setCaptchaReset((key) => key + 1);
        return null;
      },
    );
    if (!outcome?.ok) return;
    setSent(t('agencyArea.invite.sent', { name: `${vorname} ${nachname}`, email }));
    setCaptcha(null);
    setFormData(number ? { Art: values.Art, Mitarbeiternummer: number } : { Art: values.Art });
    onSent?.();
  }

  return (
    <div>
      <h2 id={`${id}-title`}>{t('agencyArea.invite.title')}</h2>
      <p>{t('agencyArea.invite.intro')}</p>
      <p role="status" className={sent ? styles.success : 'visually-hidden'}>
        {sent ?? ''}
      </p>
      {data.state === 'failed' && (
        <p className={styles.alert} role="alert">
          {failureMessage(t, data.error)}
        </p>
      )}
      <SchemaForm<InvitationFormData>
        form="invitation"
        idPrefix={`${id}-invite`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="agencyArea.invite.send"
        busyLabel="agencyArea.invite.sending"
        onChange={setFormData}
        onSubmit={send}
      >
        {captchaRequired && (
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
      </SchemaForm>
    </div>
  );
}
