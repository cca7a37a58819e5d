import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  failureCode,
  failureMessage,
  preloadApi,
  RouteLink,
  SchemaForm,
  useFormSubmit,
  useMandant,
  useRecommender,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { BankDetailsForm } from '../../schemas/forms/bankDetails.ts';
import type { BankDetails as StoredBankDetails } from '../../schemas/personalArea.ts';
import { checkName } from '../../schemas/personalArea.ts';
import { validateIbanField } from '../shared/ibanField.ts';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { useLoaded } from '../shared/useLoaded.ts';
import type { BankDetailsProps } from './schema.ts';

/** The server's answers about one field are shown at it (SPEC 5: invalid or non-German IBAN, invalid holder). */
const FIELD_FAILURES = {
  fieldOfCode: { PSOF0240: 'IBAN', PSOF0242: 'IBAN', PSOF0241: 'Kontoinhaber' },
} as const;

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
  const recommender = useRecommender();
  const { user } = useSession();
  const [stored, reload] = useLoaded(
    () => recommender.loadBankDetails(),
    [recommender.loadBankDetails, user !== null, recommender.rewardToken],
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

function StoredAccount({ account, onDeleted }: { account: StoredBankDetails | null; onDeleted: () => void }) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const removal = useFormSubmit();
  if (account === null) return <p>{t('bankDetails.none')}</p>;
  async function remove() {
    const outcome = await removal.run(() => recommender.removeBankDetails());
    if (outcome?.ok) onDeleted();
  }
  return (
    <div className={styles.card}>
      <h2 id={`${id}-stored`}>{t('bankDetails.stored')}</h2>
      {removal.failure && (
        <p className={panel.alert} role="alert">
          {removal.failure}
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
          aria-disabled={removal.busy || undefined}
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

/** The form (schemas/forms/bankDetails.ts): required fields by the schema, IBAN and holder by the server's rules. */
function BankForm({ hasAccount, germanOnly, onSaved }: BankFormProps) {
  const t = useT();
  const id = useId();
  const recommender = useRecommender();
  const submit = useFormSubmit(FIELD_FAILURES);
  const [formData, setFormData] = useState<BankDetailsForm>({});

  useEffect(() => {
    void preloadApi();
  }, []);

  const uiSchema = useMemo<UiSchema<BankDetailsForm>>(
    () => ({
      IBAN: {
        'ui:title': t('bankDetails.iban'),
        'ui:widget': 'textWithHint',
        'ui:autocomplete': 'off',
        'ui:options': { hint: t(germanOnly ? 'bankDetails.ibanHintGerman' : 'bankDetails.ibanHint') },
      },
      Kontoinhaber: { 'ui:title': t('bankDetails.holder'), 'ui:autocomplete': 'name' },
    }),
    [t, germanOnly],
  );
  // What the schema cannot state: the IBAN's checksum and country (domain/iban.ts), the holder a name.
  const customValidate = useMemo<CustomValidator<BankDetailsForm>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      const rules = { germanOnly, label: t('bankDetails.iban'), notGermanCode: 'PSOF0242' } as const;
      validateIbanField(t, rules, data, errors, errorSchema);
      const holder = data?.Kontoinhaber ?? '';
      if (holder !== '' && !errorSchema?.Kontoinhaber?.__errors?.length && checkName(holder) !== null) {
        errors.Kontoinhaber?.addError(t('form.invalid', { field: t('bankDetails.holder') }));
      }
      return errors;
    },
    [germanOnly, t],
  );

  async function save(values: BankDetailsForm) {
    const outcome = await submit.run(() =>
      recommender.saveBankDetails({
        IBAN: values.IBAN ?? '',
        Kontoinhaber: (values.Kontoinhaber ?? '').trim(),
      }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onSaved();
  }

  return (
    <>
      <h2 id={`${id}-title`}>{t(hasAccount ? 'bankDetails.change' : 'bankDetails.enter')}</h2>
      <SchemaForm<BankDetailsForm>
        form="bankDetails"
        idPrefix={`${id}-form`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        customValidate={customValidate}
        submit={submit}
        submitLabel="bankDetails.save"
        busyLabel="bankDetails.saving"
        loading={<p aria-live="polite">{t('personalArea.loading')}</p>}
        onChange={setFormData}
        onSubmit={save}
      />
    </>
  );
}
