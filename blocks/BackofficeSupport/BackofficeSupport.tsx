import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  downloadRecommenderExport,
  eraseRecommender,
  failureMessage,
  fetchRecommenderCard,
  formatDateTime,
  formatMoney,
  issueAdminLogin,
  resendRecommenderMail,
  SchemaForm,
  searchRecommenders,
  trapTab,
  useBackoffice,
  useFormSubmit,
  useModalDialog,
  useT,
} from '../../runtime/index.ts';
import type {
  SupportEmpfehlerKarte,
  SupportEmpfehlerZeile,
  SupportMailKind,
} from '../../schemas/backofficeSupport.ts';
import type {
  BackofficeEraseData,
  BackofficeSupportSearchData,
} from '../../schemas/forms/backofficeSupport.ts';
import type { ReportQuery } from '../../schemas/reportQuery.ts';
import styles from './BackofficeSupport.module.css';
import type { BackofficeSupportProps } from './schema.ts';

const STATUS_OPTIONS = ['active', 'blocked', 'suspended', 'excluded'].map((value) => ({
  value,
  label: `backoffice.support.status.${value}`,
}));

/**
 * Support in the back office (issue 15): the search (one text: e-mail, name, Empfehlerhash, recommendation
 * or customer number) with its DataTable, and the chosen recommender's card with the actions (ability
 * support): SPEC's admin token login in a new tab, mails sent again, the data export and the erasure behind
 * an accessible confirmation dialog. The server checks the same ability on every call.
 */
export function BackofficeSupport({
  headline = 'backoffice.support.headline',
  intro = 'backoffice.support.intro',
}: BackofficeSupportProps) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const [formData, setFormData] = useState<BackofficeSupportSearchData>({});
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const submit = useFormSubmit();

  const open = useCallback((recommenderId: string) => {
    setSelected(recommenderId);
    setNotice(null);
    // The card appears below the table: the focus follows, for keyboard and screen reader.
    requestAnimationFrame(() => cardRef.current?.focus());
  }, []);

  const uiSchema = useMemo<UiSchema<BackofficeSupportSearchData>>(
    () => ({
      Suche: {
        'ui:title': t('backoffice.support.search'),
        'ui:description': t('backoffice.support.searchHint'),
        'ui:options': { inputType: 'search' },
      },
    }),
    [t],
  );

  const columns = useMemo<DataTableColumn<SupportEmpfehlerZeile>[]>(
    () => [
      { id: 'Email', header: 'backoffice.support.column.Email', sortable: true, filter: { type: 'text' } },
      { id: 'Vorname', header: 'backoffice.support.column.Vorname', sortable: true },
      { id: 'Nachname', header: 'backoffice.support.column.Nachname', sortable: true },
      {
        id: 'Status',
        header: 'backoffice.support.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.support.status.${row.Status}`),
      },
      {
        id: 'RegistriertAm',
        header: 'backoffice.support.column.RegistriertAm',
        sortable: true,
        cell: (row) => formatDateTime(row.RegistriertAm),
      },
      {
        id: 'Aktion',
        header: 'backoffice.support.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.support.openFor', { name: `${row.Vorname} ${row.Nachname}` })}
            onClick={() => open(row.Id)}
          >
            {t('backoffice.support.open')}
          </button>
        ),
      },
    ],
    [t, open],
  );
  const load = useMemo(() => (query: ReportQuery) => searchRecommenders(search, query), [search]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <div className={styles.block}>
          <h2 id={`${id}-search`}>{t('backoffice.support.searchTitle')}</h2>
          <SchemaForm<BackofficeSupportSearchData>
            form="backofficeSupportSearch"
            idPrefix={`${id}-search`}
            labelledBy={`${id}-search`}
            uiSchema={uiSchema}
            formData={formData}
            submit={submit}
            submitLabel="backoffice.support.find"
            busyLabel="backoffice.support.find"
            onChange={setFormData}
            onSubmit={(values) => {
              setSearch((values.Suche ?? '').trim());
              setSelected(null);
            }}
          />
        </div>
        <div className={styles.block}>
          <p role="status" className={notice ? styles.success : 'visually-hidden'}>
            {notice ?? ''}
          </p>
          <DataTable<SupportEmpfehlerZeile>
            key={`${search}-${version}`}
            caption="backoffice.support.caption"
            empty="backoffice.support.empty"
            columns={columns}
            load={load}
            rowKey={(row) => row.Id}
            initialOrder={{ OrderBy: 'RegistriertAm', Descending: true }}
          />
        </div>
        {selected && (
          <div ref={cardRef} tabIndex={-1} className={`${styles.block} ${styles.card}`}>
            <RecommenderCard
              key={selected}
              recommenderId={selected}
              onErased={(message) => {
                setSelected(null);
                setNotice(message);
                setVersion((count) => count + 1);
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}

type Loaded =
  | { state: 'loading' }
  | { state: 'done'; card: SupportEmpfehlerKarte }
  | { state: 'failed'; message: string };

/** One recommender: the facts, rewards and last mails, and support's actions. */
function RecommenderCard({
  recommenderId,
  onErased,
}: {
  recommenderId: string;
  onErased: (message: string) => void;
}) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const mayAct = can('support');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [adminUrl, setAdminUrl] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the reason to read the card again
  useEffect(() => {
    let current = true;
    fetchRecommenderCard(recommenderId).then(
      (card) => {
        if (current) setLoaded({ state: 'done', card });
      },
      (error: unknown) => {
        if (current) setLoaded({ state: 'failed', message: failureMessage(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [recommenderId, reload, t]);

  if (loaded.state === 'loading') return <p role="status">{t('backoffice.support.loading')}</p>;
  if (loaded.state === 'failed')
    return (
      <p className={styles.alert} role="alert">
        {loaded.message}
      </p>
    );
  const { card } = loaded;

  async function act(work: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      setDone(await work());
      setReload((count) => count + 1);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  function adminLogin() {
    // Opened within the click (a tab opened after the answer would be blocked), filled when the link is there.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    void act(async () => {
      try {
        const { Url, GueltigMinuten } = await issueAdminLogin(card.Id);
        setAdminUrl(Url);
        tab?.location.replace(Url);
        return t('backoffice.support.adminLoginDone', { minutes: GueltigMinuten });
      } catch (error) {
        tab?.close();
        throw error;
      }
    });
  }

  const resend = (mail: SupportMailKind, praemierungId?: string) =>
    act(async () => {
      const { Vorlage } = await resendRecommenderMail(card.Id, {
        Mail: mail,
        ...(praemierungId ? { PraemierungId: praemierungId } : {}),
      });
      return t('backoffice.support.mailSent', { mail: t(`backoffice.support.template.${Vorlage}`) });
    });

  const name = `${card.Vorname} ${card.Nachname}`;
  return (
    <>
      <h2 id={`${id}-title`}>{t('backoffice.support.cardTitle', { name })}</h2>
      <dl className={styles.facts}>
        <dt>{t('backoffice.support.column.Email')}</dt>
        <dd>{card.Email}</dd>
        <dt>{t('backoffice.support.column.Status')}</dt>
        <dd>{t(`backoffice.support.status.${card.Status}`)}</dd>
        <dt>{t('backoffice.support.column.RegistriertAm')}</dt>
        <dd>{formatDateTime(card.RegistriertAm)}</dd>
        <dt>{t('backoffice.support.registration')}</dt>
        <dd>
          {t(card.PasswortGesetzt ? 'backoffice.support.passwordSet' : 'backoffice.support.passwordMissing')}
        </dd>
        <dt>{t('backoffice.support.hash')}</dt>
        <dd className={styles.code}>{card.Empfehlerhash}</dd>
        <dt>{t('backoffice.support.recommendations')}</dt>
        <dd>{card.Empfehlungen}</dd>
        <dt>{t('backoffice.support.bankData')}</dt>
        <dd>
          {t(card.BankdatenHinterlegt ? 'backoffice.support.bankDataYes' : 'backoffice.support.bankDataNo')}
        </dd>
        <dt>{t('backoffice.support.newsletter')}</dt>
        <dd>{t(`backoffice.support.newsletterState.${card.Newsletter}`)}</dd>
      </dl>

      <p role="status" className={done ? styles.success : 'visually-hidden'}>
        {done ?? ''}
      </p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {mayAct && (
        <>
          <h3>{t('backoffice.support.actions')}</h3>
          <div className={styles.actions}>
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={adminLogin}>
              {t('backoffice.support.adminLogin')}
              <span className="visually-hidden"> {t('backoffice.support.newTab')}</span>
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-disabled={busy || undefined}
              onClick={() => resend(card.PasswortGesetzt ? 'passwordReset' : 'welcome')}
            >
              {t(card.PasswortGesetzt ? 'backoffice.support.sendReset' : 'backoffice.support.sendWelcome')}
            </button>
            {card.Newsletter === 'pending' && (
              <button
                type="button"
                className={styles.secondary}
                aria-disabled={busy || undefined}
                onClick={() => resend('newsletterOptin')}
              >
                {t('backoffice.support.sendOptin')}
              </button>
            )}
            <button
              type="button"
              className={styles.secondary}
              aria-disabled={busy || undefined}
              onClick={() =>
                act(async () => {
                  await downloadRecommenderExport(card.Id);
                  return t('backoffice.support.exported');
                })
              }
            >
              {t('backoffice.support.export')}
            </button>
            <button
              type="button"
              className={styles.danger}
              aria-haspopup="dialog"
              aria-disabled={busy || undefined}
              onClick={() => setErasing(true)}
            >
              {t('backoffice.support.erase.button')}
            </button>
          </div>
          {adminUrl && (
            <p>
              <a href={adminUrl} target="_blank" rel="noopener noreferrer">
                {t('backoffice.support.adminLoginLink')}
              </a>
            </p>
          )}
        </>
      )}

      <h3 id={`${id}-rewards`}>{t('backoffice.support.rewards')}</h3>
      {card.Praemierungen.length === 0 ? (
        <p>{t('backoffice.support.noRewards')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-labelledby={`${id}-rewards`}>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.support.reward.number')}</th>
                <th scope="col">{t('backoffice.support.reward.status')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('backoffice.support.reward.value')}
                </th>
                <th scope="col">{t('backoffice.support.reward.created')}</th>
                {mayAct && <th scope="col">{t('backoffice.support.column.Aktion')}</th>}
              </tr>
            </thead>
            <tbody>
              {card.Praemierungen.map((reward) => (
                <tr key={reward.Id}>
                  <td>{reward.Empfehlungsnummer ?? '–'}</td>
                  <td>{reward.Status}</td>
                  <td className={styles.numeric}>{formatMoney(reward.WertCent)}</td>
                  <td>{formatDateTime(reward.ErstelltAm)}</td>
                  {mayAct && (
                    <td>
                      {reward.MailMoeglich && (
                        <button
                          type="button"
                          className={styles.small}
                          aria-disabled={busy || undefined}
                          aria-label={t('backoffice.support.sendRewardFor', {
                            number: reward.Empfehlungsnummer ?? '',
                          })}
                          onClick={() => resend('reward', reward.Id)}
                        >
                          {t('backoffice.support.sendReward')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id={`${id}-mails`}>{t('backoffice.support.mails')}</h3>
      {card.Mails.length === 0 ? (
        <p>{t('backoffice.support.noMails')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-labelledby={`${id}-mails`}>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.support.mail.template')}</th>
                <th scope="col">{t('backoffice.support.mail.status')}</th>
                <th scope="col">{t('backoffice.support.mail.created')}</th>
                <th scope="col">{t('backoffice.support.mail.sent')}</th>
              </tr>
            </thead>
            <tbody>
              {card.Mails.map((mail, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the outbox rows have no id on the wire; the list is fixed
                <tr key={index}>
                  <td>{t(`backoffice.support.template.${mail.Vorlage}`, { defaultValue: mail.Vorlage })}</td>
                  <td>{t(`backoffice.support.mailStatus.${mail.Status}`, { defaultValue: mail.Status })}</td>
                  <td>{formatDateTime(mail.ErstelltAm)}</td>
                  <td>{mail.VersendetAm ? formatDateTime(mail.VersendetAm) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {erasing && (
        <EraseDialog
          card={card}
          onClose={() => setErasing(false)}
          onErased={() => onErased(t('backoffice.support.erase.done'))}
        />
      )}
    </>
  );
}

/**
 * The erasure's confirmation (GDPR Art. 17): a real modal dialog (focus moves in, Tab stays inside, Escape
 * and Cancel close it, focus returns to the button) with the person's e-mail typed again.
 */
function EraseDialog({
  card,
  onClose,
  onErased,
}: {
  card: SupportEmpfehlerKarte;
  onClose: () => void;
  onErased: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const submit = useFormSubmit({ fieldOfCode: { PSOF0764: 'Email' } });
  const [formData, setFormData] = useState<BackofficeEraseData>({});
  useModalDialog(ref);
  const uiSchema = useMemo<UiSchema<BackofficeEraseData>>(
    () => ({
      Email: {
        'ui:title': t('backoffice.support.erase.email'),
        'ui:description': t('backoffice.support.erase.emailHint', { email: card.Email }),
        'ui:autocomplete': 'off',
      },
    }),
    [t, card.Email],
  );

  async function erase(values: BackofficeEraseData) {
    const outcome = await submit.run(() => eraseRecommender(card.Id, values.Email ?? ''));
    if (outcome?.ok) onErased();
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          if (!submit.busy) onClose();
        } else if (ref.current) trapTab(event, ref.current);
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!submit.busy) onClose();
      }}
    >
      <h2 id={titleId}>{t('backoffice.support.erase.title')}</h2>
      <p id={textId}>{t('backoffice.support.erase.text', { name: `${card.Vorname} ${card.Nachname}` })}</p>
      <SchemaForm<BackofficeEraseData>
        form="backofficeErase"
        idPrefix={`${titleId}-erase`}
        labelledBy={titleId}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.support.erase.confirm"
        busyLabel="backoffice.support.erase.busy"
        onChange={setFormData}
        onSubmit={erase}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={onClose}
          aria-disabled={submit.busy || undefined}
        >
          {t('backoffice.support.erase.cancel')}
        </button>
      </div>
    </dialog>
  );
}
