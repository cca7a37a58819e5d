import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  failureMessage,
  formatMoney,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useNavigateToRoute,
  useRecommender,
  useRoute,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { RewardDetailsForm } from '../../schemas/forms/rewardDetails.ts';
import { checkName } from '../../schemas/personalArea.ts';
import type { PraemieAuswahl, Praemierung } from '../../schemas/praemien.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import { NO_ACCESS, useReward } from '../shared/useReward.ts';
import type { RewardDetailsProps } from './schema.ts';

const NAMES = ['Vorname', 'Nachname'] as const;

/**
 * Reward details (SPEC 2, RewardDetails / PraemieDaten with {praemieid}): the chosen reward and the receipt
 * form — first name, last name, e-mail — that PUT /praemierung/ stores with the choice; then the thanks page.
 */
export function RewardDetails({
  headline = 'rewardDetails.headline',
  intro = 'rewardDetails.intro',
}: RewardDetailsProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const { params } = useRoute();
  const reward = useReward(recommender);
  const [catalogue] = useLoaded(() => recommender.loadCatalogue(), [recommender.loadCatalogue]);
  const option =
    catalogue.state === 'done' ? catalogue.value.find((entry) => entry.Id === params.praemieid) : undefined;
  const failed =
    reward.state === 'failed' ? reward.error : catalogue.state === 'failed' ? catalogue.error : null;
  const loading = reward.state === 'loading' || catalogue.state === 'loading';

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        {loading && failed === null && <p aria-live="polite">{t('personalArea.loading')}</p>}
        {failed !== null && (
          <p className={panel.alert} role="alert">
            {failureMessage(t, failed)}
          </p>
        )}
        {reward.state === 'done' && reward.value === NO_ACCESS && (
          <>
            <p>{t('personalArea.needsAccess')}</p>
            <div className={panel.actions}>
              <RouteLink to="Login" className="button">
                {t('personalArea.login')}
              </RouteLink>
            </div>
          </>
        )}
        {reward.state === 'done' &&
          reward.value !== NO_ACCESS &&
          catalogue.state === 'done' &&
          (reward.value === null || !reward.value.Waehlbar || !option ? (
            <>
              <p>{t('rewardDetails.unknown')}</p>
              <div className={panel.actions}>
                <RouteLink to="Reward">{t('rewardDetails.other')}</RouteLink>
              </div>
            </>
          ) : (
            <ReceiptForm reward={reward.value} option={option} intro={intro} headingId={`${id}-headline`} />
          ))}
      </div>
    </section>
  );
}

interface ReceiptFormProps {
  reward: Praemierung;
  option: PraemieAuswahl;
  intro: string;
  headingId: string;
}

/** The receipt form (schemas/forms/rewardDetails.ts): required by the schema, names as the server checks them. */
function ReceiptForm({ reward, option, intro, headingId }: ReceiptFormProps) {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const recommender = useRecommender();
  const navigateTo = useNavigateToRoute();
  const submit = useFormSubmit();
  // The fields start with what was given before, else with the logged-in user's data.
  const [formData, setFormData] = useState<RewardDetailsForm>(() => ({
    Vorname: reward.Empfaenger?.Vorname ?? user?.Vorname ?? undefined,
    Nachname: reward.Empfaenger?.Nachname ?? user?.Nachname ?? undefined,
    Email: reward.Empfaenger?.Email ?? user?.Email ?? undefined,
  }));

  const labels = useMemo(
    () => ({
      Vorname: t('rewardDetails.vorname'),
      Nachname: t('rewardDetails.nachname'),
      Email: t('rewardDetails.email'),
    }),
    [t],
  );
  const uiSchema = useMemo<UiSchema<RewardDetailsForm>>(
    () => ({
      Vorname: { 'ui:title': labels.Vorname, 'ui:autocomplete': 'given-name' },
      Nachname: { 'ui:title': labels.Nachname, 'ui:autocomplete': 'family-name' },
      Email: { 'ui:title': labels.Email, 'ui:widget': 'email', 'ui:autocomplete': 'email' },
    }),
    [labels],
  );
  // What the schema cannot state: a name is letters (schemas/personalArea.ts checkName, as the server checks).
  const customValidate = useMemo<CustomValidator<RewardDetailsForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      for (const field of NAMES) {
        const value = data?.[field] ?? '';
        if (value !== '' && !errorSchema?.[field]?.__errors?.length && checkName(value) !== null) {
          errors[field]?.addError(t('form.invalid', { field: labels[field] }));
        }
      }
      return errors;
    },
    [t, labels],
  );

  async function send(values: RewardDetailsForm) {
    const outcome = await submit.run(() =>
      recommender.chooseReward({
        Id: reward.Id,
        PraemieId: option.Id,
        Vorname: (values.Vorname ?? '').trim(),
        Nachname: (values.Nachname ?? '').trim(),
        Email: (values.Email ?? '').trim(),
      }),
    );
    if (outcome?.ok) {
      navigateTo('RewardThanks', { search: `?praemierung=${encodeURIComponent(reward.Id)}` });
    }
  }

  return (
    <>
      <div className={styles.card}>
        <img className={styles.image} src={option.Grafik} alt="" width={160} height={100} />
        <h2>{option.Titel}</h2>
        <p>{option.Beschreibung}</p>
        <p>
          <strong>{t('reward.earned', { amount: formatMoney(option.WertCent ?? reward.WertCent) })}</strong>
        </p>
      </div>
      <p>{t(intro)}</p>
      <SchemaForm<RewardDetailsForm>
        form="rewardDetails"
        idPrefix={`${id}-form`}
        labelledBy={headingId}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="rewardDetails.submit"
        busyLabel="rewardDetails.submitting"
        loading={<p aria-live="polite">{t('personalArea.loading')}</p>}
        onChange={setFormData}
        onSubmit={send}
      />
      <div className={panel.actions}>
        <RouteLink to="Reward" search={`?praemierung=${encodeURIComponent(reward.Id)}`}>
          {t('rewardDetails.other')}
        </RouteLink>
      </div>
    </>
  );
}
