import type { MandantConfig } from '../schemas/api.ts';
import { formatMoney } from './money.ts';
import { offeredShares } from './recommenderShares.ts';

/**
 * The numbers texts take from the mandant's configuration instead of writing them down (issue 18), as
 * i18next interpolation values: `{{anteilEmpfehler}}:{{anteilEmpfaenger}}` is the split the recommend form
 * preselects, `{{maxEmpfaengerPraemie}}` the cap of the recipient's part. The runtime gives them to every
 * text (runtime/i18n/createI18n.ts, defaultVariables), the server to every content text beneath the
 * content's own variables (server/content/MandantContent.ts); the validator fills them in before it checks
 * what a text promises (server/mandants/checks/mandantChecks.ts, promiseRules).
 */
export type TextVariableConfig = Pick<MandantConfig, 'RecommenderDefaultShare' | 'MaxEmpfaengerPraemieCent'>;

export function configTextVariables(config: TextVariableConfig): Record<string, string> {
  const [share = 100] = offeredShares(config.RecommenderDefaultShare);
  return {
    anteilEmpfehler: String(share),
    anteilEmpfaenger: String(100 - share),
    ...(config.MaxEmpfaengerPraemieCent > 0
      ? { maxEmpfaengerPraemie: formatMoney(config.MaxEmpfaengerPraemieCent) }
      : {}),
  };
}

/** `{{name}}` replaced by its value; unknown names stay as they are. */
export function interpolateTextVariables(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}
