import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type {
  BackofficeOrder,
  BackofficeOrderDetail,
  BackofficeReward,
  OrderState,
  ReviewState,
  TimelineEntry,
} from '../../../schemas/backofficeOrders.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { Db } from '../../recommender/ownership.ts';

const at = (value: Date | string | null | undefined): string | null =>
  value ? wireDateTime(new Date(value)) : null;

/** The back office's word for where an order stands. */
export function orderState(order: {
  attributed: boolean;
  cancelled_at: Date | string | null;
  concluded_at: Date | string | null;
}): OrderState {
  if (!order.attributed) return 'andererKanal';
  if (order.cancelled_at) return 'storniert';
  if (order.concluded_at) return 'bestaetigt';
  return 'wartet';
}

/** A note or reason an operator gave with an action, out of the audit entry's `after`. */
function auditNote(after: unknown): string | null {
  if (after && typeof after === 'object') {
    const record = after as Record<string, unknown>;
    for (const key of ['Grund', 'Notiz']) if (typeof record[key] === 'string') return record[key] as string;
  }
  return null;
}

/**
 * GET backoffice/auftraege/{empfehlungsnummer}: a recommendation of the mandant with its orders (also one
 * reassigned away from it), its rewards and payouts, and the whole timeline in time order — the lifecycle's
 * events, the clicks (counted per day), the recipient's steps, the orders' own moments and the back office's
 * actions on it from the audit log. Another mandant's number is 404 PSOF0720 like an unknown one.
 */
export async function orderDetail(
  db: Db,
  mandantId: string,
  empfehlungsnummer: string,
  productName: (produktId: string) => string | null,
): Promise<BackofficeOrderDetail> {
  const recommendation = await db
    .selectFrom('recommendation')
    .leftJoin('account', 'account.id', 'recommendation.account_id')
    .select([
      'recommendation.id',
      'recommendation.empfehlungsnummer',
      'recommendation.code',
      'recommendation.status',
      'recommendation.created_at',
      'recommendation.produkt_id',
      'recommendation.empfehler_email',
      'recommendation.empfehler_vorname',
      'recommendation.empfehler_nachname',
      'account.email as account_email',
      'account.vorname as account_vorname',
      'account.nachname as account_nachname',
    ])
    .where('recommendation.mandant_id', '=', mandantId)
    .where('recommendation.empfehlungsnummer', '=', empfehlungsnummer)
    .executeTakeFirst();
  if (!recommendation) throw new ApiProblem('PSOF0720');
  const id = recommendation.id;

  const events = await db
    .selectFrom('lifecycle_event')
    .leftJoin('praemierung', 'praemierung.id', 'lifecycle_event.praemierung_id')
    .select([
      'lifecycle_event.id',
      'lifecycle_event.order_id',
      'lifecycle_event.praemierung_id',
      'lifecycle_event.from_status',
      'lifecycle_event.to_status',
      'lifecycle_event.reason',
      'lifecycle_event.actor',
      'lifecycle_event.occurred_at',
      'praemierung.beneficiary',
    ])
    .where('lifecycle_event.mandant_id', '=', mandantId)
    .where('lifecycle_event.recommendation_id', '=', id)
    .orderBy('lifecycle_event.id')
    .execute();

  // Its orders now, and those its events name (an order reassigned to another recommendation since).
  const eventOrderIds = [...new Set(events.map((event) => event.order_id).filter((v): v is string => !!v))];
  const orders = await db
    .selectFrom('customer_order')
    .innerJoin('recommendation as owner', 'owner.id', 'customer_order.recommendation_id')
    .selectAll('customer_order')
    .select([
      'owner.empfehlungsnummer as owner_nummer',
      sql<string>`to_char(customer_order.order_date, 'YYYY-MM-DD')`.as('order_day'),
    ])
    .where('customer_order.mandant_id', '=', mandantId)
    .where((eb) =>
      eventOrderIds.length > 0
        ? eb.or([
            eb('customer_order.recommendation_id', '=', id),
            eb('customer_order.id', 'in', eventOrderIds),
          ])
        : eb('customer_order.recommendation_id', '=', id),
    )
    .orderBy('customer_order.created_at')
    .execute();
  const orderNumber = new Map(orders.map((order) => [order.id, order.external_order_id]));

  const recipients = await db
    .selectFrom('recipient')
    .leftJoin('tracking_completion', 'tracking_completion.recipient_id', 'recipient.id')
    .select([
      'recipient.id',
      'recipient.empfaengernummer',
      'recipient.vorname',
      'recipient.nachname',
      'recipient.email',
      'recipient.created_at',
      'recipient.confirmed_at',
      'recipient.erased_at',
      'tracking_completion.completed_at',
    ])
    .where('recipient.mandant_id', '=', mandantId)
    .where('recipient.recommendation_id', '=', id)
    .orderBy('recipient.created_at')
    .execute();

  const clicks = await db
    .selectFrom('click')
    .select([
      sql<string>`to_char(clicked_at at time zone 'Europe/Berlin', 'YYYY-MM-DD')`.as('day'),
      sql<Date>`min(clicked_at)`.as('first'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .where('mandant_id', '=', mandantId)
    .where('recommendation_id', '=', id)
    .groupBy(sql`to_char(clicked_at at time zone 'Europe/Berlin', 'YYYY-MM-DD')`)
    .execute();

  const rewards = await db
    .selectFrom('praemierung')
    .leftJoin('payout_run', 'payout_run.id', 'praemierung.payout_run_id')
    .select([
      'praemierung.id',
      'praemierung.beneficiary',
      'praemierung.wert_cent',
      'praemierung.status',
      'praemierung.order_id',
      'praemierung.chosen_at',
      'praemierung.created_at',
      'payout_run.executed_at',
      sql<string | null>`to_char(payout_run.execution_date, 'YYYY-MM-DD')`.as('execution_day'),
    ])
    .where('praemierung.mandant_id', '=', mandantId)
    .where('praemierung.recommendation_id', '=', id)
    .orderBy('praemierung.created_at')
    .execute();

  const audit = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'subject_type', 'subject_id', 'actor_email', 'after', 'created_at'])
    .where('mandant_id', '=', mandantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'recommendation'), eb('subject_id', '=', id)]),
        ...(orders.length > 0
          ? [
              eb.and([
                eb('subject_type', '=', 'order'),
                eb(
                  'subject_id',
                  'in',
                  orders.map((order) => order.id),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();

  const timeline: (TimelineEntry & { order: number })[] = [];
  const push = (entry: TimelineEntry, order: number) => timeline.push({ ...entry, order });
  const entry = (partial: Partial<TimelineEntry> & Pick<TimelineEntry, 'Zeit' | 'Art' | 'Ereignis'>) => ({
    Von: null,
    Nach: null,
    Akteur: null,
    Auftragsnummer: null,
    Hinweis: null,
    ...partial,
  });
  for (const event of events) {
    push(
      entry({
        Zeit: at(event.occurred_at) ?? '',
        Art: event.praemierung_id ? 'reward' : 'lifecycle',
        Ereignis: event.praemierung_id
          ? `${event.reason}:${event.beneficiary ?? 'recommender'}`
          : event.reason,
        Von: event.from_status,
        Nach: event.to_status,
        Akteur: event.actor,
        Auftragsnummer: event.order_id ? (orderNumber.get(event.order_id) ?? null) : null,
      }),
      1,
    );
  }
  for (const day of clicks) {
    push(entry({ Zeit: at(day.first) ?? '', Art: 'click', Ereignis: 'clicks', Hinweis: String(day.n) }), 0);
  }
  for (const recipient of recipients) {
    push(entry({ Zeit: at(recipient.created_at) ?? '', Art: 'recipient', Ereignis: 'recipient.created' }), 0);
    if (recipient.confirmed_at) {
      push(
        entry({ Zeit: at(recipient.confirmed_at) ?? '', Art: 'recipient', Ereignis: 'recipient.consented' }),
        0,
      );
    }
    if (recipient.completed_at) {
      push(
        entry({ Zeit: at(recipient.completed_at) ?? '', Art: 'recipient', Ereignis: 'recipient.completed' }),
        0,
      );
    }
    if (recipient.erased_at) {
      push(entry({ Zeit: at(recipient.erased_at) ?? '', Art: 'recipient', Ereignis: 'recipient.erased' }), 2);
    }
  }
  for (const order of orders) {
    const number = order.external_order_id;
    push(
      entry({
        Zeit: at(order.created_at) ?? '',
        Art: 'order',
        Ereignis: 'order.received',
        Auftragsnummer: number,
      }),
      0,
    );
    if (order.concluded_at) {
      push(
        entry({
          Zeit: at(order.concluded_at) ?? '',
          Art: 'order',
          Ereignis: 'order.concluded',
          Auftragsnummer: number,
        }),
        0,
      );
    }
    if (order.cancelled_at) {
      push(
        entry({
          Zeit: at(order.cancelled_at) ?? '',
          Art: 'order',
          Ereignis: 'order.cancelled',
          Auftragsnummer: number,
        }),
        0,
      );
    }
    if (order.agency_released_at) {
      push(
        entry({
          Zeit: at(order.agency_released_at) ?? '',
          Art: 'order',
          Ereignis: `agency.${order.agency_release ?? 'released'}`,
          Auftragsnummer: number,
        }),
        0,
      );
    }
  }
  for (const reward of rewards) {
    if (reward.chosen_at) {
      push(
        entry({
          Zeit: at(reward.chosen_at) ?? '',
          Art: 'reward',
          Ereignis: `reward.chosen:${reward.beneficiary}`,
        }),
        2,
      );
    }
    if (reward.executed_at) {
      push(
        entry({
          Zeit: at(reward.executed_at) ?? '',
          Art: 'payout',
          Ereignis: 'payout.executed',
          Hinweis: reward.execution_day,
        }),
        2,
      );
    }
  }
  for (const row of audit) {
    push(
      entry({
        Zeit: at(row.created_at) ?? '',
        Art: 'audit',
        Ereignis: row.action,
        Akteur: row.actor_email,
        Auftragsnummer: row.subject_type === 'order' ? (orderNumber.get(row.subject_id) ?? null) : null,
        Hinweis: auditNote(row.after),
      }),
      2,
    );
  }
  // Time order; at the same moment the step before the lifecycle event before the note about it.
  const Verlauf = timeline
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) => a.item.Zeit.localeCompare(b.item.Zeit) || a.item.order - b.item.order || a.index - b.index,
    )
    .map(({ item: { order: _order, ...rest } }) => rest);

  const Auftraege: BackofficeOrder[] = orders.map((order) => ({
    Auftragsnummer: order.external_order_id,
    ProduktId: order.produkt_id,
    Produkt: productName(order.produkt_id),
    Auftragsdatum: order.order_day,
    Kanal: order.channel,
    Quelle: order.source,
    Zugeordnet: order.attributed,
    Vertrag: at(order.concluded_at),
    Storniert: at(order.cancelled_at),
    FreigabeAb: at(order.release_due_at),
    Pruefung: order.review as ReviewState,
    Pruefgruende: order.fraud_reasons,
    Zustand: orderState(order),
    Version: order.version,
    Aktuell: order.recommendation_id === id,
    Empfehlungsnummer: order.owner_nummer,
  }));
  const Praemien: BackofficeReward[] = rewards.map((reward) => ({
    Empfaenger: reward.beneficiary,
    WertCent: reward.wert_cent,
    Status: reward.status,
    Auftragsnummer: reward.order_id ? (orderNumber.get(reward.order_id) ?? null) : null,
    Gewaehlt: at(reward.chosen_at),
    Auszahlung: reward.executed_at ? reward.execution_day : null,
  }));
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;
  return {
    Empfehlungsnummer: recommendation.empfehlungsnummer,
    Code: recommendation.code,
    Status: recommendation.status,
    Erstellt: at(recommendation.created_at) ?? '',
    Produkt: productName(recommendation.produkt_id) ?? recommendation.produkt_id,
    Empfehler: {
      Name: name(
        recommendation.account_vorname ?? recommendation.empfehler_vorname,
        recommendation.account_nachname ?? recommendation.empfehler_nachname,
      ),
      Email: recommendation.account_email ?? recommendation.empfehler_email,
    },
    Empfaenger: recipients.map((recipient) => ({
      Empfaengernummer: recipient.empfaengernummer,
      Name: name(recipient.vorname, recipient.nachname),
      Email: recipient.email,
      Bestaetigt: at(recipient.confirmed_at),
    })),
    Klicks: clicks.reduce((sum, day) => sum + Number(day.n), 0),
    Auftraege,
    Praemien,
    Verlauf,
  };
}
