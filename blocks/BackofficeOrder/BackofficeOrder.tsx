import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type FormName,
  failureMessage,
  fetchOrderDetail,
  formatDateTime,
  formatMoney,
  type OrderAction,
  RouteLink,
  runOrderAction,
  SchemaForm,
  useBackoffice,
  useFormSubmit,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type {
  BackofficeOrderDetail,
  BackofficeOrder as Order,
  TimelineEntry,
} from '../../schemas/backofficeOrders.ts';
import type { BackofficeOrderReassignData } from '../../schemas/forms/backofficeOrderAction.ts';
import styles from '../shared/backoffice/BackofficeOrders.module.css';
import type { BackofficeOrderProps } from './schema.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'done'; detail: BackofficeOrderDetail }
  | { state: 'failed'; message: string };

/**
 * One recommendation in the back office (issue 15): its facts, its orders with their state and review, its
 * rewards and the whole timeline in time order. Users with the ability `orders` confirm, cancel or reassign
 * an order, each with a reason; the server checks the same ability and the order's version (another
 * operator's change in between answers 409 PSOF0705, shown as the message).
 */
export function BackofficeOrder({ headline = 'backoffice.order.headline', intro }: BackofficeOrderProps) {
  const t = useT();
  const id = useId();
  const { params } = useRoute();
  const empfehlungsnummer = params.empfehlungsnummer ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setLoaded({ state: 'done', detail: await fetchOrderDetail(empfehlungsnummer) });
    } catch (error) {
      setLoaded({ state: 'failed', message: failureMessage(t, error) });
    }
  }, [empfehlungsnummer, t]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline, { nr: empfehlungsnummer })}</h1>
        {intro && <p>{t(intro)}</p>}
        <p>
          <RouteLink to="BackofficeOrders" className={styles.link}>
            {t('backoffice.order.back')}
          </RouteLink>
        </p>
        <p role="status" className={done ? styles.success : 'visually-hidden'}>
          {done ?? ''}
        </p>
        {loaded.state === 'loading' && <p>{t('backoffice.order.loading')}</p>}
        {loaded.state === 'failed' && (
          <p className={styles.alert} role="alert">
            {loaded.message}
          </p>
        )}
        {loaded.state === 'done' && (
          <Detail
            detail={loaded.detail}
            onDone={(message) => {
              setDone(message);
              void load();
            }}
          />
        )}
      </div>
    </section>
  );
}

function Detail({ detail, onDone }: { detail: BackofficeOrderDetail; onDone: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const status = (value: string) =>
    t(`backoffice.orders.recommendationStatus.${value}`, { defaultValue: value });
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('backoffice.orders.column.Status')}</dt>
        <dd>{status(detail.Status)}</dd>
        <dt>{t('backoffice.orders.column.Erstellt')}</dt>
        <dd>{formatDateTime(detail.Erstellt)}</dd>
        <dt>{t('backoffice.orders.column.Produkt')}</dt>
        <dd>{detail.Produkt ?? '–'}</dd>
        <dt>{t('backoffice.order.code')}</dt>
        <dd>{detail.Code ?? '–'}</dd>
        <dt>{t('backoffice.orders.column.Empfehler')}</dt>
        <dd>{[detail.Empfehler.Name, detail.Empfehler.Email].filter(Boolean).join(', ') || '–'}</dd>
        <dt>{t('backoffice.orders.column.Empfaenger')}</dt>
        <dd>
          {detail.Empfaenger.length === 0
            ? '–'
            : detail.Empfaenger.map((recipient) =>
                [
                  [recipient.Name, recipient.Email].filter(Boolean).join(', '),
                  recipient.Bestaetigt
                    ? t('backoffice.order.recipientConfirmed', { date: formatDateTime(recipient.Bestaetigt) })
                    : t('backoffice.order.recipientUnconfirmed'),
                ].join(' '),
              ).join('; ')}
        </dd>
        <dt>{t('backoffice.order.clicks')}</dt>
        <dd>{detail.Klicks}</dd>
      </dl>

      <h2 id={`${id}-orders`}>{t('backoffice.order.ordersTitle')}</h2>
      {detail.Auftraege.length === 0 && <p>{t('backoffice.order.noOrder')}</p>}
      {detail.Auftraege.map((order) => (
        <OrderCard key={order.Auftragsnummer} order={order} onDone={onDone} />
      ))}

      <h2>{t('backoffice.order.rewardsTitle')}</h2>
      {detail.Praemien.length === 0 ? (
        <p>{t('backoffice.order.noRewards')}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{t('backoffice.order.rewardsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.order.beneficiary')}</th>
                <th scope="col">{t('backoffice.order.value')}</th>
                <th scope="col">{t('backoffice.orders.column.Status')}</th>
                <th scope="col">{t('backoffice.orders.column.Auftragsnummer')}</th>
                <th scope="col">{t('backoffice.order.payout')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.Praemien.map((reward, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rewards have no id on the wire; the list is read-only
                <tr key={index}>
                  <td>{t(`backoffice.order.beneficiary.${reward.Empfaenger}`)}</td>
                  <td>{formatMoney(reward.WertCent)}</td>
                  <td>
                    {t(`backoffice.order.rewardStatus.${reward.Status}`, { defaultValue: reward.Status })}
                  </td>
                  <td>{reward.Auftragsnummer ?? '–'}</td>
                  <td>{reward.Auszahlung ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('backoffice.order.timelineTitle')}</h2>
      <ol className={styles.timeline}>
        {detail.Verlauf.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is in time order and read-only
          <li key={index}>
            <time dateTime={entry.Zeit}>{formatDateTime(entry.Zeit)}</time>
            <TimelineText entry={entry} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** One line of the timeline in words: what happened, from which status to which, who, the note. */
function TimelineText({ entry }: { entry: TimelineEntry }) {
  const t = useT();
  const [event, beneficiary] = entry.Ereignis.split(':');
  const what = t(`backoffice.order.event.${entry.Art}.${event}`, { defaultValue: entry.Ereignis });
  const statusKey =
    entry.Art === 'reward' ? 'backoffice.order.rewardStatus' : 'backoffice.orders.recommendationStatus';
  const parts = [
    beneficiary ? `${what} (${t(`backoffice.order.beneficiary.${beneficiary}`)})` : what,
    entry.Nach
      ? t('backoffice.order.transition', {
          from: entry.Von ? t(`${statusKey}.${entry.Von}`, { defaultValue: entry.Von }) : '–',
          to: t(`${statusKey}.${entry.Nach}`, { defaultValue: entry.Nach }),
        })
      : null,
    entry.Auftragsnummer ? t('backoffice.order.forOrder', { nr: entry.Auftragsnummer }) : null,
    entry.Akteur
      ? t('backoffice.order.by', {
          who: t(`backoffice.order.actor.${entry.Akteur}`, { defaultValue: entry.Akteur }),
        })
      : null,
    entry.Art === 'click' ? t('backoffice.order.clickCount', { count: Number(entry.Hinweis) }) : null,
    entry.Art !== 'click' && entry.Hinweis ? `„${entry.Hinweis}“` : null,
  ];
  return <span>{parts.filter(Boolean).join(' · ')}</span>;
}

const FORM_OF: Record<OrderAction, FormName> = {
  confirm: 'backofficeOrderAction',
  cancel: 'backofficeOrderAction',
  reassign: 'backofficeOrderReassign',
};

/** An order with its facts and, for `orders`, the actions its state allows. */
function OrderCard({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const t = useT();
  const { can } = useBackoffice();
  const [action, setAction] = useState<OrderAction | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const open = order.Aktuell && order.Zugeordnet && order.Zustand !== 'storniert';
  const actions: OrderAction[] = !open
    ? []
    : order.Zustand === 'wartet'
      ? ['confirm', 'cancel', 'reassign']
      : ['cancel', 'reassign'];

  const choose = (next: OrderAction) => {
    setAction(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus());
  };

  return (
    <div className={styles.card}>
      <h3>{t('backoffice.order.orderTitle', { nr: order.Auftragsnummer })}</h3>
      <dl className={styles.facts}>
        <dt>{t('backoffice.orders.column.Auftragsstatus')}</dt>
        <dd>{t(`backoffice.orders.orderState.${order.Zustand}`)}</dd>
        <dt>{t('backoffice.order.orderDate')}</dt>
        <dd>{order.Auftragsdatum}</dd>
        <dt>{t('backoffice.orders.column.Produkt')}</dt>
        <dd>{order.Produkt ?? order.ProduktId}</dd>
        <dt>{t('backoffice.order.channel')}</dt>
        <dd>{t(`backoffice.order.channel.${order.Kanal}`, { defaultValue: order.Kanal })}</dd>
        {order.Vertrag && (
          <>
            <dt>{t('backoffice.order.contract')}</dt>
            <dd>{formatDateTime(order.Vertrag)}</dd>
          </>
        )}
        {order.FreigabeAb && (
          <>
            <dt>{t('backoffice.order.releaseFrom')}</dt>
            <dd>{formatDateTime(order.FreigabeAb)}</dd>
          </>
        )}
        <dt>{t('backoffice.orders.column.Pruefung')}</dt>
        <dd>
          {t(`backoffice.orders.review.${order.Pruefung}`)}
          {order.Pruefgruende.length > 0 && (
            <ul className={styles.reasons}>
              {order.Pruefgruende.map((reason) => (
                <li key={reason}>{t(`backoffice.review.reason.${reason}`, { defaultValue: reason })}</li>
              ))}
            </ul>
          )}
        </dd>
        {!order.Aktuell && (
          <>
            <dt>{t('backoffice.order.movedTo')}</dt>
            <dd>
              <RouteLink
                to="BackofficeOrder"
                params={{ empfehlungsnummer: order.Empfehlungsnummer }}
                className={styles.link}
              >
                {order.Empfehlungsnummer}
              </RouteLink>
            </dd>
          </>
        )}
      </dl>
      {can('orders') && actions.length > 0 && (
        <fieldset className={styles.actions}>
          <legend className="visually-hidden">
            {t('backoffice.order.actionsFor', { nr: order.Auftragsnummer })}
          </legend>
          {actions.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={candidate === 'confirm' ? 'button' : 'button-inverse'}
              aria-pressed={action === candidate}
              onClick={() => choose(candidate)}
            >
              {t(`backoffice.order.action.${candidate}`)}
            </button>
          ))}
        </fieldset>
      )}
      {can('orders') && action && actions.includes(action) && (
        <div ref={formRef}>
          <ActionForm
            key={action}
            action={action}
            order={order}
            onCancel={() => setAction(null)}
            onDone={(message) => {
              setAction(null);
              onDone(message);
            }}
          />
        </div>
      )}
    </div>
  );
}

function ActionForm({
  action,
  order,
  onCancel,
  onDone,
}: {
  action: OrderAction;
  order: Order;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: { PSOF0725: 'Empfehlungscode', PSOF0726: 'Empfehlungscode' } });
  const [formData, setFormData] = useState<BackofficeOrderReassignData>({});
  const uiSchema = useMemo<UiSchema<BackofficeOrderReassignData>>(
    () => ({
      Empfehlungscode: { 'ui:title': t('backoffice.order.targetCode') },
      Grund: {
        'ui:title': t('backoffice.order.reason'),
        'ui:description': t('backoffice.order.reasonHint'),
        'ui:widget': 'textarea',
      },
    }),
    [t],
  );

  async function send(values: BackofficeOrderReassignData) {
    const body = {
      Version: order.Version,
      Grund: values.Grund ?? '',
      ...(action === 'reassign' ? { Empfehlungscode: values.Empfehlungscode ?? '' } : {}),
    };
    const outcome = await submit.run(() => runOrderAction(action, order.Auftragsnummer, body));
    if (!outcome?.ok) return;
    onDone(
      t(`backoffice.order.done.${action}`, {
        nr: order.Auftragsnummer,
        target: outcome.value.Empfehlungsnummer,
      }),
    );
  }

  return (
    <div className={styles.block}>
      <h4 id={`${id}-title`}>{t(`backoffice.order.formTitle.${action}`, { nr: order.Auftragsnummer })}</h4>
      <SchemaForm<BackofficeOrderReassignData>
        form={FORM_OF[action]}
        idPrefix={`${id}-form`}
        labelledBy={`${id}-title`}
        uiSchema={uiSchema}
        formData={formData}
        submit={submit}
        submitLabel={`backoffice.order.submit.${action}`}
        busyLabel="backoffice.order.busy"
        onChange={setFormData}
        onSubmit={send}
      />
      <div className={styles.actions}>
        <button type="button" className="button-inverse" onClick={onCancel}>
          {t('backoffice.order.cancelForm')}
        </button>
      </div>
    </div>
  );
}
