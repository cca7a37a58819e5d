import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  createApiKey,
  createWebhookEndpoint,
  DataTable,
  type DataTableColumn,
  deleteWebhookEndpoint,
  failureMessage,
  fetchApiKeys,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  formatDateTime,
  replayWebhookDelivery,
  revokeApiKey,
  rotateApiKey,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import {
  type ApiSchluessel,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpunkt,
  type WebhookZustellungZeile,
} from '../../schemas/backofficeIntegration.ts';
import type { BackofficeApiKeyData } from '../../schemas/forms/backofficeApiKey.ts';
import type { BackofficeWebhookEndpointData } from '../../schemas/forms/backofficeWebhookEndpoint.ts';
import styles from '../shared/backoffice/BackofficeAdmin.module.css';
import type { BackofficeIntegrationProps } from './schema.ts';

/** A secret just made: shown once, with a copy button, until the admin closes it. */
interface ShownSecret {
  /** What it belongs to (a key id or an endpoint URL). */
  subject: string;
  secret: string;
}

const STATUS_OPTIONS = [
  { value: 'pending', label: 'backoffice.webhooks.status.pending' },
  { value: 'delivered', label: 'backoffice.webhooks.status.delivered' },
  { value: 'failed', label: 'backoffice.webhooks.status.failed' },
] as const;

/**
 * The integration page of the back office (issue 15): API keys (ability apiKeys: create, rotate, revoke)
 * and webhook endpoints (ability webhooks: add, remove, the delivery log with replay). A new secret is shown
 * once, right after it was made, with a copy button; the server never answers it again.
 */
export function BackofficeIntegration({
  headline = 'backoffice.integration.headline',
  intro = 'backoffice.integration.intro',
}: BackofficeIntegrationProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const secretRef = useRef<HTMLElement>(null);
  const show = useCallback((next: ShownSecret) => {
    setShown(next);
    requestAnimationFrame(() => secretRef.current?.focus());
  }, []);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        {shown && (
          <section
            ref={secretRef}
            tabIndex={-1}
            className={`${styles.block} ${styles.success}`}
            aria-labelledby={`${id}-secret`}
          >
            <h2 id={`${id}-secret`}>{t('backoffice.integration.secretTitle', { subject: shown.subject })}</h2>
            <p>{t('backoffice.integration.secretOnce')}</p>
            <code className={styles.secret} data-testid="shown-secret">
              {shown.secret}
            </code>
            <div className={styles.actions}>
              <CopyButton text={shown.secret} />
              <button type="button" className="button-inverse" onClick={() => setShown(null)}>
                {t('backoffice.integration.secretDone')}
              </button>
            </div>
          </section>
        )}
        {can('apiKeys') && <ApiKeys onSecret={show} />}
        {can('webhooks') && <Webhooks onSecret={show} />}
      </div>
    </section>
  );
}

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() =>
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t('backoffice.integration.copy')}
      </button>
      <span role="status">{copied ? t('backoffice.integration.copied') : ''}</span>
    </>
  );
}

type Loaded<T> = { state: 'loading' } | { state: 'done'; items: T[] } | { state: 'failed'; message: string };

function useList<T>(load: () => Promise<T[]>) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads on purpose
  useEffect(() => {
    let current = true;
    load().then(
      (items) => current && setLoaded({ state: 'done', items }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: failureMessage(t, error) }),
    );
    return () => {
      current = false;
    };
  }, [load, t, version]);
  return { loaded, reload: () => setVersion((count) => count + 1) };
}

function ApiKeys({ onSecret }: { onSecret: (shown: ShownSecret) => void }) {
  const t = useT();
  const id = useId();
  const { loaded, reload } = useList(fetchApiKeys);
  const submit = useFormSubmit();
  const [formData, setFormData] = useState<BackofficeApiKeyData>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const uiSchema = useMemo<UiSchema<BackofficeApiKeyData>>(
    () => ({
      Name: {
        'ui:title': t('backoffice.integration.keyName'),
        'ui:description': t('backoffice.integration.keyNameHint'),
      },
    }),
    [t],
  );

  async function create(values: BackofficeApiKeyData) {
    const outcome = await submit.run(() => createApiKey(values.Name ?? ''));
    if (!outcome?.ok) return;
    setFormData({});
    onSecret({ subject: outcome.value.Id, secret: outcome.value.Geheimnis });
    reload();
  }

  async function act(key: ApiSchluessel, action: 'rotate' | 'revoke') {
    const question = t(
      action === 'rotate' ? 'backoffice.integration.rotateConfirm' : 'backoffice.integration.revokeConfirm',
      { id: key.Id },
    );
    if (!window.confirm(question)) return;
    setBusy(key.Id);
    setFailure(null);
    try {
      if (action === 'rotate') {
        const rotated = await rotateApiKey(key);
        onSecret({ subject: rotated.Id, secret: rotated.Geheimnis });
      } else {
        await revokeApiKey(key);
      }
      reload();
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.block}>
      <h2 id={`${id}-keys`}>{t('backoffice.integration.keysTitle')}</h2>
      <p>{t('backoffice.integration.keysIntro')}</p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {loaded.state === 'loading' && <p role="status">{t('backoffice.integration.loading')}</p>}
      {loaded.state === 'failed' && (
        <p className={styles.alert} role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'done' && (
        <ul className={styles.list} aria-labelledby={`${id}-keys`}>
          {loaded.items.length === 0 && <li>{t('backoffice.integration.noKeys')}</li>}
          {loaded.items.map((key) => (
            <li key={key.Id} data-key-id={key.Id}>
              <strong>{key.Name}</strong> — <code>{key.Id}</code>
              <dl className={styles.facts}>
                <dt>{t('backoffice.integration.status')}</dt>
                <dd>{t(`backoffice.integration.keyStatus.${key.Status}`)}</dd>
                <dt>{t('backoffice.integration.sourceLabel')}</dt>
                <dd>{t(`backoffice.integration.source.${key.Quelle}`)}</dd>
                {key.Rotiert && (
                  <>
                    <dt>{t('backoffice.integration.rotated')}</dt>
                    <dd>{formatDateTime(key.Rotiert)}</dd>
                  </>
                )}
              </dl>
              {key.Quelle === 'datenbank' && key.Status === 'active' && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.small}
                    aria-disabled={busy === key.Id}
                    aria-label={t('backoffice.integration.rotateFor', { id: key.Id })}
                    onClick={() => busy === null && void act(key, 'rotate')}
                  >
                    {t('backoffice.integration.rotate')}
                  </button>
                  <button
                    type="button"
                    className={styles.small}
                    aria-disabled={busy === key.Id}
                    aria-label={t('backoffice.integration.revokeFor', { id: key.Id })}
                    onClick={() => busy === null && void act(key, 'revoke')}
                  >
                    {t('backoffice.integration.revoke')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 id={`${id}-new-key`}>{t('backoffice.integration.newKey')}</h3>
      <SchemaForm<BackofficeApiKeyData>
        form="backofficeApiKey"
        idPrefix={`${id}-key`}
        labelledBy={`${id}-new-key`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.integration.create"
        busyLabel="backoffice.integration.creating"
        onChange={setFormData}
        onSubmit={create}
      />
    </div>
  );
}

function Webhooks({ onSecret }: { onSecret: (shown: ShownSecret) => void }) {
  const t = useT();
  const id = useId();
  const { loaded, reload } = useList(fetchWebhookEndpoints);
  const submit = useFormSubmit({ fieldOfCode: { PSOF0812: 'Url', PSOF0813: 'Url' } });
  const [formData, setFormData] = useState<BackofficeWebhookEndpointData>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const uiSchema = useMemo<UiSchema<BackofficeWebhookEndpointData>>(
    () => ({
      Url: {
        'ui:title': t('backoffice.webhooks.url'),
        'ui:description': t('backoffice.webhooks.urlHint'),
        'ui:options': { inputType: 'url' },
      },
      Ereignisse: {
        'ui:title': t('backoffice.webhooks.events'),
        'ui:description': t('backoffice.webhooks.eventsHint'),
        'ui:widget': 'checkboxes',
        'ui:enumNames': WEBHOOK_EVENT_TYPES.map((type) => t(`backoffice.webhooks.event.${type}`)),
      },
    }),
    [t],
  );

  async function create(values: BackofficeWebhookEndpointData) {
    const outcome = await submit.run(() =>
      createWebhookEndpoint({ Url: values.Url ?? '', Ereignisse: values.Ereignisse ?? [] }),
    );
    if (!outcome?.ok) return;
    setFormData({});
    onSecret({ subject: outcome.value.Url, secret: outcome.value.Geheimnis });
    reload();
  }

  async function remove(endpoint: WebhookEndpunkt) {
    if (!window.confirm(t('backoffice.webhooks.deleteConfirm', { url: endpoint.Url }))) return;
    setFailure(null);
    try {
      await deleteWebhookEndpoint(endpoint.Id);
      reload();
    } catch (error) {
      setFailure(failureMessage(t, error));
    }
  }

  const replay = useCallback(
    async (row: WebhookZustellungZeile) => {
      setFailure(null);
      try {
        await replayWebhookDelivery(row.Id);
        setDone(t('backoffice.webhooks.replayed', { id: row.Id }));
        setVersion((count) => count + 1);
      } catch (error) {
        setFailure(failureMessage(t, error));
      }
    },
    [t],
  );

  const columns = useMemo<DataTableColumn<WebhookZustellungZeile>[]>(
    () => [
      {
        id: 'Angelegt',
        header: 'backoffice.webhooks.column.Angelegt',
        sortable: true,
        filter: { type: 'date' },
        cell: (row) => formatDateTime(row.Angelegt),
      },
      {
        id: 'Endpunkt',
        header: 'backoffice.webhooks.column.Endpunkt',
        sortable: true,
        filter: { type: 'text' },
      },
      {
        id: 'Ereignis',
        header: 'backoffice.webhooks.column.Ereignis',
        sortable: true,
        filter: { type: 'text' },
        cell: (row) => (
          <span title={row.Ereignis}>
            {t(`backoffice.webhooks.event.${row.Ereignis}`, { defaultValue: row.Ereignis })}
          </span>
        ),
      },
      {
        id: 'Status',
        header: 'backoffice.webhooks.column.Status',
        sortable: true,
        filter: { type: 'enum', options: STATUS_OPTIONS },
        cell: (row) => t(`backoffice.webhooks.status.${row.Status}`),
      },
      { id: 'Versuche', header: 'backoffice.webhooks.column.Versuche', sortable: true, numeric: true },
      {
        id: 'LetzterFehler',
        header: 'backoffice.webhooks.column.LetzterFehler',
        cell: (row) =>
          row.LetzterFehler ?? (row.LetzterHttpStatus === null ? '' : String(row.LetzterHttpStatus)),
      },
      {
        id: 'Aktion',
        header: 'backoffice.webhooks.column.Aktion',
        cell: (row) => (
          <button
            type="button"
            className={styles.small}
            aria-label={t('backoffice.webhooks.replayFor', { id: row.Id })}
            onClick={() => void replay(row)}
          >
            {t('backoffice.webhooks.replay')}
          </button>
        ),
      },
    ],
    [t, replay],
  );

  return (
    <div className={styles.block}>
      <h2 id={`${id}-hooks`}>{t('backoffice.webhooks.title')}</h2>
      <p>{t('backoffice.webhooks.intro')}</p>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      {loaded.state === 'loading' && <p role="status">{t('backoffice.integration.loading')}</p>}
      {loaded.state === 'failed' && (
        <p className={styles.alert} role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'done' && (
        <ul className={styles.list} aria-labelledby={`${id}-hooks`}>
          {loaded.items.length === 0 && <li>{t('backoffice.webhooks.none')}</li>}
          {loaded.items.map((endpoint) => (
            <li key={endpoint.Id}>
              <code>{endpoint.Url}</code>
              <p>
                {endpoint.Ereignisse.length === 0
                  ? t('backoffice.webhooks.allEvents')
                  : endpoint.Ereignisse.map((type) => t(`backoffice.webhooks.event.${type}`)).join(', ')}
              </p>
              {endpoint.Quelle === 'datenbank' ? (
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t('backoffice.webhooks.deleteFor', { url: endpoint.Url })}
                  onClick={() => void remove(endpoint)}
                >
                  {t('backoffice.webhooks.delete')}
                </button>
              ) : (
                <p>{t('backoffice.integration.source.konfiguration')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 id={`${id}-new-hook`}>{t('backoffice.webhooks.new')}</h3>
      <SchemaForm<BackofficeWebhookEndpointData>
        form="backofficeWebhookEndpoint"
        idPrefix={`${id}-hook`}
        labelledBy={`${id}-new-hook`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel="backoffice.webhooks.create"
        busyLabel="backoffice.integration.creating"
        onChange={setFormData}
        onSubmit={create}
      />
      <div className={styles.block}>
        <p role="status" className={done ? styles.success : 'visually-hidden'}>
          {done ?? ''}
        </p>
        <DataTable<WebhookZustellungZeile>
          key={version}
          caption="backoffice.webhooks.logCaption"
          empty="backoffice.webhooks.logEmpty"
          columns={columns}
          load={fetchWebhookDeliveries}
          rowKey={(row) => row.Id}
          initialOrder={{ OrderBy: 'Angelegt', Descending: true }}
        />
      </div>
    </div>
  );
}
