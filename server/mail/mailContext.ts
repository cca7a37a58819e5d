import type { RouteName } from '../../schemas/routes.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { MailContext, MailLanguage, MailTexts } from './MailTemplate.ts';

const MAIL_LANGUAGES: readonly MailLanguage[] = ['de', 'en'];

/** Mandant texts by language, built once per loaded mandant (they only change with a restart). */
const overrides = new WeakMap<LoadedMandant, Map<string, ReadonlyMap<string, string>>>();

function mandantTexts(mandant: LoadedMandant, language: string): ReadonlyMap<string, string> {
  let byLanguage = overrides.get(mandant);
  if (!byLanguage) {
    byLanguage = new Map();
    overrides.set(mandant, byLanguage);
  }
  let texts = byLanguage.get(language);
  if (!texts) {
    texts = new Map((mandant.languageContent.get(language) ?? []).map((entry) => [entry.Key, entry.Value]));
    byLanguage.set(language, texts);
  }
  return texts;
}

function isMailLanguage(value: string): value is MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a mail is written in: the requested one (the account's or the request's) when the mandant
 * offers it, else the mandant's default, else German — always one the templates have texts for.
 */
export function mailLanguage(mandant: LoadedMandant, requested: string): MailLanguage {
  const offered = mandant.config.SupportedLanguage.Sprache;
  if (isMailLanguage(requested) && offered.includes(requested)) return requested;
  const standard = mandant.config.SupportedLanguage.Standard;
  return isMailLanguage(standard) ? standard : 'de';
}

/** Fills `{{name}}` placeholders; a placeholder without a value is left empty rather than shown raw. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : '',
  );
}

/**
 * The context a template writes one mail in. `scope` names where the texts' mandant overrides live
 * (`mail.SCOPE.PART`): the template's name, or `layout` for the frame around every mail.
 */
export function createMailContext(options: {
  mandant: LoadedMandant;
  scope: string;
  texts: Readonly<Record<MailLanguage, MailTexts>>;
  language: MailLanguage;
  origin: string;
}): MailContext {
  const { mandant, scope, texts, language, origin } = options;
  const own = mandantTexts(mandant, language);
  return {
    mandant,
    language,
    origin,
    t(part, values = {}) {
      const text = own.get(`mail.${scope}.${part}`) ?? texts[language][part] ?? texts.de[part];
      if (text === undefined) throw new Error(`mail template "${scope}" has no text "${part}"`);
      return fillPlaceholders(text, { mandantName: mandant.config.name, ...values });
    },
    link(route: RouteName, params = {}, query = {}) {
      const path = mandant.config.routes[route];
      if (path === undefined) throw new Error(`mandant ${mandant.id} has no route ${route}`);
      const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`route ${route} needs the parameter ${name}`);
        return encodeURIComponent(value);
      });
      const url = new URL(`/${language}${filled === '/' ? '' : filled}`, origin);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.href;
    },
  };
}
