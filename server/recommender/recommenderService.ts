import type { Kysely } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import {
  type BenachrichtigungEinstellung,
  checkKundennummer,
  checkName,
  type KundennummerErgebnis,
  type MeineDatenRequest,
  OPTIONAL_NOTIFICATIONS,
  type OptionalNotification,
  type Steuerhinweis,
  TAX_FREE_LIMIT_CENT,
  TAX_NOTICE_FROM_CENT,
} from '../../schemas/personalArea.ts';
import type { Account, AccountRepository } from '../account/accountRepository.ts';
import { sessionAccount } from '../account/sessionAccount.ts';
import type { Principal } from '../auth/Principal.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { paidInYear } from '../notifications/recommenderNotifications.ts';
import type { RewardAccess } from '../rewards/rewardAccess.ts';
import {
  findById,
  findOwned,
  listOwnedPage,
  type RewardRecord,
  setCustomerNumber,
} from '../rewards/rewardStore.ts';
import type { RecommenderRepository } from './recommenderRepository.ts';

/**
 * What the personal area's own data needs: plain values, never the Fastify app. `now` is the programme's
 * clock (the tax year).
 */
export interface RecommenderServiceDeps {
  db: Kysely<DatabaseSchema>;
  recommender: RecommenderRepository;
  accounts: Pick<AccountRepository, 'findById'>;
  now: () => Date;
}

function settings(optouts: readonly string[]): BenachrichtigungEinstellung[] {
  return OPTIONAL_NOTIFICATIONS.map((Art) => ({ Art, Aktiv: !optouts.includes(Art) }));
}

/**
 * SPEC 7, Empfehler — the personal area behind recommenderRoutes.ts (MeineDaten), notificationRoutes.ts
 * (notification settings, tax notice) and customerNumberRoutes.ts (the customer number of a reward).
 */
export function createRecommenderService(deps: RecommenderServiceDeps) {
  const { db, recommender } = deps;

  /** The reward whose customer number the caller may read and set: the token's, or the named or newest own. */
  async function customerNumberReward(
    access: RewardAccess,
    wanted: string | undefined,
  ): Promise<RewardRecord> {
    if (access.kind === 'token') return access.reward;
    const record = wanted
      ? await findOwned(db, access.owner, wanted)
      : (await listOwnedPage(db, access.owner, { pageSize: 1, after: null })).records[0];
    if (!record) throw new ApiProblem('PSOF0410');
    return record;
  }

  /** PUT /empfehler/SetKundennummerForEmpfehler/{id}: 422 PSOF0248 unless 4–20 letters, digits or dashes. */
  async function storeCustomerNumber(
    mandantId: string,
    record: RewardRecord,
    raw: string,
  ): Promise<KundennummerErgebnis> {
    const value = raw.trim();
    if (checkKundennummer(value) !== null) {
      throw new ApiProblem('PSOF0248', [{ pointer: '/id', reason: '4–20 letters, digits or dashes' }]);
    }
    await setCustomerNumber(db, mandantId, record.id, value);
    const updated = await findById(db, mandantId, record.id);
    return { Kundennummer: updated?.kundennummer ?? value, PraemierungId: record.id };
  }

  /** GET /empfehler/benachrichtigungen. */
  async function notificationSettings(account: Account): Promise<BenachrichtigungEinstellung[]> {
    return settings(await recommender.notificationOptouts(account.mandantId, account.id));
  }

  /** PUT /empfehler/benachrichtigungen: one optional mail on or off; answers every setting. */
  async function setNotification(
    mandantId: string,
    accountId: string,
    art: OptionalNotification,
    on: boolean,
  ): Promise<BenachrichtigungEinstellung[]> {
    return settings(await recommender.setNotification(mandantId, accountId, art, on));
  }

  /** GET /empfehler/steuerhinweis: rewards paid this calendar year (Berlin) against the Freigrenze. */
  async function taxNotice(mandantId: string, accountId: string): Promise<Steuerhinweis> {
    const year = Number(wireDateTime(deps.now()).slice(0, 4));
    const total = await paidInYear(db, mandantId, accountId, year);
    return {
      Anzeigen: total >= TAX_NOTICE_FROM_CENT,
      Jahr: year,
      SummeCent: total,
      FreigrenzeCent: TAX_FREE_LIMIT_CENT,
    };
  }

  /** PUT /empfehler/meinedaten: names that are not names 422 PSOF0249; answers the account after the change. */
  async function changePersonalData(
    mandantId: string,
    account: Account,
    principal: Principal,
    data: MeineDatenRequest,
  ): Promise<Account> {
    const vorname = data.Vorname.trim();
    const nachname = data.Nachname.trim();
    const details = [
      ...(checkName(vorname) ? [{ pointer: '/Vorname', reason: 'required, a name' }] : []),
      ...(checkName(nachname) ? [{ pointer: '/Nachname', reason: 'required, a name' }] : []),
    ];
    if (details.length > 0) throw new ApiProblem('PSOF0249', details);
    await recommender.updatePersonalData(mandantId, account.id, {
      anrede: data.Anrede,
      vorname,
      nachname,
    });
    return sessionAccount(deps.accounts, principal);
  }

  return {
    customerNumberReward,
    storeCustomerNumber,
    notificationSettings,
    setNotification,
    taxNotice,
    changePersonalData,
  };
}

export type RecommenderService = ReturnType<typeof createRecommenderService>;
