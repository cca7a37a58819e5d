import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  formatMoney,
  RouteLink,
  useEmpfehler,
  useNavigateToRoute,
  useRoute,
  useSession,
  useT,
} from '../../runtime/index.ts';
import type { PraemieAuswahl, Praemierung } from '../../schemas/praemien.ts';
import form from '../shared/AccountForm.module.css';
import { failureMessage, fieldMessage } from '../shared/accountFormErrors.ts';
import { ErrorSummary, type FormError } from '../shared/ErrorSummary.tsx';
import panel from '../shared/Panel.module.css';
import styles from '../shared/PersonalArea.module.css';
import { TextField } from '../shared/TextField.tsx';
import { useLoaded } from '../shared/useLoaded.ts';
import { NO_ACCESS, useReward } from '../shared/useReward.ts';
import type { RewardDetailsProps } from './schema.ts';
import { NO_PROBLEMS, type Receipt, type ReceiptProblems, validateReceipt } from './validateReceipt.ts';

const FIELDS = ['vorname', 'nachname', 'email'] as const;

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
  const empfehler = useEmpfehler();
  const { params } = useRoute();
  const reward = useReward(empfehler);
  const [catalogue] = useLoaded(() => empfehler.loadCatalogue(), [empfehler.loadCatalogue]);
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

function ReceiptForm({ reward, option, intro, headingId }: ReceiptFormProps) {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const empfehler = useEmpfehler();
  const navigateTo = useNavigateToRoute();
  const refs = {
    vorname: useRef<HTMLInputElement>(null),
    nachname: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };
  const [problems, setProblems] = useState<ReceiptProblems>(NO_PROBLEMS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // The fields start with what was given before, else with the logged-in user's data.
  const prefill: Receipt = {
    vorname: reward.Empfaenger?.Vorname ?? user?.Vorname ?? '',
    nachname: reward.Empfaenger?.Nachname ?? user?.Nachname ?? '',
    email: reward.Empfaenger?.Email ?? user?.Email ?? '',
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when the form appears
  useEffect(() => {
    for (const field of FIELDS) {
      const input = refs[field].current;
      if (input && input.value === '') input.value = prefill[field];
    }
  }, []);

  const labels = {
    vorname: t('rewardDetails.vorname'),
    nachname: t('rewardDetails.nachname'),
    email: t('rewardDetails.email'),
  };
  const message = (field: (typeof FIELDS)[number]): string | null => {
    const problem = problems[field];
    if (problem === 'invalid') return t('form.invalid', { field: labels[field] });
    return fieldMessage(t, problem, labels[field]);
  };
  const summary: FormError[] = FIELDS.flatMap((field) => {
    const text = message(field);
    return text ? [{ fieldId: `${id}-${field}`, message: text }] : [];
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values: Receipt = {
      vorname: refs.vorname.current?.value.trim() ?? '',
      nachname: refs.nachname.current?.value.trim() ?? '',
      email: refs.email.current?.value.trim() ?? '',
    };
    const found = validateReceipt(values);
    setProblems(found);
    setFailure(null);
    setAttempt((count) => count + 1);
    if (FIELDS.some((field) => found[field] !== null)) return;
    setBusy(true);
    try {
      await empfehler.chooseReward({
        Id: reward.Id,
        PraemieId: option.Id,
        Vorname: values.vorname,
        Nachname: values.nachname,
        Email: values.email,
      });
      navigateTo('RewardThanks', { search: `?praemierung=${encodeURIComponent(reward.Id)}` });
    } catch (error) {
      setFailure(failureMessage(t, error));
      setBusy(false);
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
      <form className={form.form} noValidate onSubmit={submit} aria-labelledby={headingId}>
        <ErrorSummary title={t('form.errorSummary')} errors={summary} attempt={attempt} />
        {failure && (
          <p className={panel.alert} role="alert">
            {failure}
          </p>
        )}
        <TextField
          id={`${id}-vorname`}
          label={labels.vorname}
          error={message('vorname')}
          inputRef={refs.vorname}
          name="vorname"
          autoComplete="given-name"
        />
        <TextField
          id={`${id}-nachname`}
          label={labels.nachname}
          error={message('nachname')}
          inputRef={refs.nachname}
          name="nachname"
          autoComplete="family-name"
        />
        <TextField
          id={`${id}-email`}
          label={labels.email}
          error={message('email')}
          inputRef={refs.email}
          type="email"
          inputMode="email"
          name="email"
          autoComplete="email"
        />
        <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
          {t(busy ? 'rewardDetails.submitting' : 'rewardDetails.submit')}
        </button>
      </form>
      <div className={panel.actions}>
        <RouteLink to="Reward" search={`?praemierung=${encodeURIComponent(reward.Id)}`}>
          {t('rewardDetails.other')}
        </RouteLink>
      </div>
    </>
  );
}
