import { type Kysely, sql } from 'kysely';
import { formatMoney, wireDateTime } from '../../domain/format.ts';
import {
  type OptionalNotification,
  TAX_FREE_LIMIT_CENT,
  TAX_NOTICE_FROM_CENT,
} from '../../schemas/personalArea.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LifecycleEvent, LifecycleListener } from '../lifecycle/LifecycleEvent.ts';
import type { MailService } from '../mail/mailPlugin.ts';
import type { RecommendationUpdateKind } from '../mail/templates/recommendationUpdate.ts';
import type { MandantRegistry } from '../mandants/MandantRegistry.ts';

type Db = Kysely<DatabaseSchema>;

/** Which stored transition the recommender hears of, and as what. */
export function notificationKind(event: LifecycleEvent): RecommendationUpdateKind | null {
  if (event.subject === 'recommendation') {
    if (event.reason === 'recipient.confirmed') return 'friendConfirmed';
    if (event.reason === 'order.attributed') return 'orderReceived';
    if (event.to === 'Storniert') return 'cancelled';
    return null;
  }
  return event.reason === 'payout.executed' ? 'rewardPaid' : null;
}

const OPTIONAL: readonly RecommendationUpdateKind[] = ['friendConfirmed', 'orderReceived'];

/**
 * The recommender's mails at each step that matters (issue 13): a lifecycle listener that puts the mail
 * into the outbox in the transition's transaction. The two optional ones respect the account's choice
 * (notification_optouts); reward paid and cancelled always go out. A guest recommender (no account) is
 * written to at the e-mail given when recommending. The recipient's own reward never mails the recommender.
 */
export function recommenderNotifications(mail: MailService, mandants: MandantRegistry): LifecycleListener {
  return async (trx, event) => {
    const kind = notificationKind(event);
    const mandant = mandants.get(event.mandantId);
    if (!kind || !mandant) return;
    const row = await trx
      .selectFrom('recommendation')
      .leftJoin('account', 'account.id', 'recommendation.account_id')
      .select([
        'recommendation.empfehler_email',
        'recommendation.empfehler_vorname',
        'recommendation.empfehler_nachname',
        'recommendation.profi_seller_id',
        'account.id as account_id',
        'account.email as account_email',
        'account.vorname as account_vorname',
        'account.nachname as account_nachname',
        'account.language as account_language',
        'account.notification_optouts',
      ])
      .where('recommendation.mandant_id', '=', event.mandantId)
      .where('recommendation.id', '=', event.recommendationId)
      .executeTakeFirst();
    const to = row?.account_email ?? row?.empfehler_email;
    if (!row || !to) return;
    // A profi-seller's order earns a commission, not a reward: the "order received" mail promises a reward,
    // so a seller is not sent it; the profi area shows the commission and its reason (issue 16).
    if (kind === 'orderReceived' && row.profi_seller_id) return;
    if (OPTIONAL.includes(kind) && row.notification_optouts?.includes(kind as OptionalNotification)) return;
    let wert: string | undefined;
    let taxNotice: { jahr: number; summe: string; freigrenze: string } | undefined;
    if (kind === 'rewardPaid') {
      const reward = await trx
        .selectFrom('praemierung')
        .select(['wert_cent', 'beneficiary', 'account_id'])
        .where('mandant_id', '=', event.mandantId)
        .where('id', '=', event.praemierungId ?? '')
        .executeTakeFirst();
      if (reward?.beneficiary !== 'recommender') return;
      wert = formatMoney(reward.wert_cent);
      const accountId = reward.account_id ?? row.account_id;
      if (accountId) taxNotice = await dueTaxNotice(trx, event.mandantId, accountId, event.occurredAt);
    }
    await mail.enqueue(trx, {
      mandantId: event.mandantId,
      to,
      language: row.account_language ?? mandant.config.SupportedLanguage.Standard,
      template: 'recommendationUpdate',
      data: {
        kind,
        vorname: row.account_vorname ?? row.empfehler_vorname ?? '',
        nachname: row.account_nachname ?? row.empfehler_nachname ?? '',
        empfehlungsnummer: event.empfehlungsnummer,
        ...(wert ? { wert } : {}),
        ...(kind === 'cancelled' ? { reason: event.reason } : {}),
        ...(taxNotice ? { taxNotice } : {}),
      },
    });
  };
}

/** Rewards paid out or collected by the account in a calendar year (Europe/Berlin), in cents. */
export async function paidInYear(
  db: Db,
  mandantId: string,
  accountId: string,
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom('lifecycle_event')
    .innerJoin('praemierung', 'praemierung.id', 'lifecycle_event.praemierung_id')
    .select(sql<string>`coalesce(sum(praemierung.wert_cent), 0)`.as('total'))
    .where('lifecycle_event.mandant_id', '=', mandantId)
    .where('praemierung.account_id', '=', accountId)
    .where('praemierung.beneficiary', '=', 'recommender')
    .where('lifecycle_event.to_status', 'in', ['Ausgezahlt', 'Abgeholt'])
    .where(
      sql<number>`extract(year from lifecycle_event.occurred_at at time zone 'Europe/Berlin')`,
      '=',
      year,
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The tax note goes into the first reward mail of a year in which the paid rewards reach
 * TAX_NOTICE_FROM_CENT, once: the year is remembered on the account.
 */
async function dueTaxNotice(trx: Db, mandantId: string, accountId: string, at: Date) {
  const year = Number(wireDateTime(at).slice(0, 4));
  const total = await paidInYear(trx, mandantId, accountId, year);
  if (total < TAX_NOTICE_FROM_CENT) return undefined;
  const marked = await trx
    .updateTable('account')
    .set({ tax_notice_year: year })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('tax_notice_year', 'is', null), eb('tax_notice_year', '<', year)]))
    .returning('id')
    .executeTakeFirst();
  if (!marked) return undefined;
  return { jahr: year, summe: formatMoney(total), freigrenze: formatMoney(TAX_FREE_LIMIT_CENT) };
}
