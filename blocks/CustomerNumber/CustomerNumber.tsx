import type { UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import {
  failureCode,
  failureMessage,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useLocation,
  useRecommender,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { CustomerNumberData } from '../../schemas/forms/customerNumber.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import type { CustomerNumberProps } from './schema.ts';

/** PSOF0248, the server's word that this is no customer number ('Kundennummer ist nicht gültig'), at the field. */
const FIELD_FAILURES = { fieldOfCode: { PSOF0248: 'Kundennummer' } } as const;

/**
 * The customer number a reward is credited to (SPEC 2, CustomerNumber / KundenNummer; SPEC 6: these calls
 * carry the reward link's token), on SchemaForm with schemas/forms/customerNumber.ts. A logged-in
 * recommender names the reward with `?praemierung=`.
 */
export function CustomerNumber({
  headline = 'customerNumber.headline',
  intro = 'customerNumber.intro',
}: CustomerNumberProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const { user } = useSession();
  const { search } = useLocation();
  const rewardId = new URLSearchParams(search).get('praemierung');
  const [current, reload] = useLoaded(
    () => recommender.loadCustomerNumber(rewardId),
    [rewardId, user !== null, recommender.rewardToken],
  );
  const submit = useFormSubmit(FIELD_FAILURES);
  const [formData, setFormData] = useState<CustomerNumberData>({});
  const [saved, setSaved] = useState(false);

  const label = t('customerNumber.label');
  const uiSchema = useMemo<UiSchema<CustomerNumberData>>(
    () => ({
      Kundennummer: {
        'ui:title': label,
        'ui:widget': 'textWithHint',
        'ui:autocomplete': 'off',
        'ui:options': { hint: t('customerNumber.hint') },
      },
    }),
    [t, label],
  );

  async function save(data: CustomerNumberData) {
    setSaved(false);
    const outcome = await submit.run(() =>
      recommender.saveCustomerNumber(data.Kundennummer?.trim() ?? '', rewardId),
    );
    if (!outcome?.ok) return;
    setSaved(true);
    setFormData({});
    reload();
  }

  const headingId = `${id}-headline`;
  const noAccess = current.state === 'failed' && failureCode(current.error) === 'PSOF0310';
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline)}</h1>
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
            <SchemaForm<CustomerNumberData>
              form="customerNumber"
              idPrefix={`${id}-customer-number`}
              labelledBy={headingId}
              uiSchema={uiSchema}
              formData={formData}
              submit={submit}
              submitLabel="customerNumber.save"
              onChange={setFormData}
              onSubmit={save}
            />
          </>
        )}
      </div>
    </section>
  );
}
