/**
 * The rules of POST /Empfehlen/create that depend only on the mandant's settings and the request (SPEC 5),
 * pure so that they are tested as tables. Each answers what is wrong, or nothing.
 */

import { isEmailAllowed, isExcludedByWildcard } from '../../domain/emailRules.ts';
import { isTermsAccepted } from '../../domain/termsAccepted.ts';
import type { MandantConfig } from '../../schemas/api.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import { offeredShares } from '../../schemas/recommendForm.ts';
import type { RecommendationKind } from '../../schemas/recommendFormApi.ts';

/**
 * SPEC 5: terms accepted is true, 'yes' or a positive number. With AgbCheckBoxAutoAccept the form shows the
 * box ticked, so a request that leaves the field out has accepted; an explicit refusal still counts.
 */
export function hasAcceptedTerms(value: unknown, autoAccept: boolean): boolean {
  if (value === undefined || value === null) return autoAccept;
  return isTermsAccepted(value);
}

/**
 * SPEC 5: the share is parsed as an integer; missing means the mandant's default. A value the form does not
 * offer is refused (undefined), so nobody gives the whole reward away by editing the request.
 */
export function resolveShare(
  value: unknown,
  config: Pick<MandantConfig, 'RecommenderDefaultShare'>,
): number | undefined {
  const offered = offeredShares(config.RecommenderDefaultShare);
  if (value === undefined || value === null || value === '') return offered[0];
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return offered.includes(parsed) ? parsed : undefined;
}

/** Which module a kind of recommendation needs; `standard` needs none. */
const KIND_MODULE = {
  agent: 'ModuleAgentRecommendation',
  company: 'ModuleCompanyRecommendation',
  offline: 'ModuleErstelleOfflineEmpfehlungCode',
} as const;

export function isKindEnabled(
  kind: RecommendationKind,
  config: Pick<MandantConfig, (typeof KIND_MODULE)[keyof typeof KIND_MODULE]>,
): boolean {
  return kind === 'standard' || config[KIND_MODULE[kind]];
}

export interface RecommendationInput {
  kind: RecommendationKind;
  recommenderEmail: string;
  recipientEmail: string | undefined;
  termsValue: unknown;
  agentennummer: string | undefined;
  firma: string | undefined;
}

export interface RuleViolation {
  code: ErrorCode;
  pointer?: string;
  reason?: string;
}

/**
 * The order the form shows them in: kind, e-mail, whitelist, self-recommendation, terms. The first
 * violation wins, so the user fixes one thing at a time and never sees two contradicting messages.
 */
export function checkRecommendationRules(
  input: RecommendationInput,
  config: MandantConfig,
): RuleViolation | undefined {
  if (!isKindEnabled(input.kind, config)) return { code: 'PSOF0321', pointer: '/Empfehlung/Art' };
  if (input.kind === 'agent' && !input.agentennummer) {
    return {
      code: 'PSOF0013',
      pointer: '/Empfehlung/Agentennummer',
      reason: 'required for an agent recommendation',
    };
  }
  if (input.kind === 'company' && !input.firma) {
    return { code: 'PSOF0013', pointer: '/Empfehler/Firma', reason: 'required for a company recommendation' };
  }
  if (!isEmailAddress(input.recommenderEmail)) return { code: 'PSOF0302', pointer: '/Empfehler/Email' };
  if (!isEmailAllowed(input.recommenderEmail, config.EmailWhitelist)) {
    return { code: 'PSOF0302', pointer: '/Empfehler/Email', reason: 'not on the e-mail whitelist' };
  }
  // SPEC 6: the client's staff and agents, barred by wildcard.
  if (isExcludedByWildcard(input.recommenderEmail, config.programme?.excludedEmailWildcards ?? [])) {
    return { code: 'PSOF0206', pointer: '/Empfehler/Email', reason: 'excluded from the programme' };
  }
  if (input.recipientEmail !== undefined) {
    if (!isEmailAddress(input.recipientEmail)) return { code: 'PSOF0302', pointer: '/Empfaenger/Email' };
    if (!config.AllowSelfRecommendation && input.recipientEmail === input.recommenderEmail) {
      return { code: 'PSOF0303', pointer: '/Empfaenger/Email' };
    }
  }
  if (!hasAcceptedTerms(input.termsValue, config.AgbCheckBoxAutoAccept)) {
    return { code: 'PSOF0304', pointer: '/Empfehlung/AgbAkzeptiert' };
  }
  return undefined;
}
