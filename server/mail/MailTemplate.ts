import type { RouteName } from '../../schemas/routes.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** The languages every template must have texts for (the platform's languages, SPEC 9). */
export type MailLanguage = 'de' | 'en';

/** A template's texts in one language: part name → plain text with `{{placeholder}}`s. Never HTML. */
export type MailTexts = Readonly<Record<string, string>>;

/** What a mail says, before the layout turns it into a themed HTML part and a plain-text part. */
export interface MailContent {
  subject: string;
  /** Whom the greeting names ("Hallo Anna Beispiel,"); without it the layout greets neutrally. */
  recipientName?: string;
  paragraphs: string[];
  /** The one thing to do: a button in HTML, label and URL on their own lines in plain text. */
  action?: { label: string; url: string };
  /** Small print after the action, e.g. how long a link works. */
  notes?: string[];
}

/** What a template gets to write a mail: the mandant, the language, texts and links. */
export interface MailContext {
  mandant: LoadedMandant;
  /** The language the mail is written in (the requested one if the template and mandant have it). */
  language: MailLanguage;
  /** Scheme, host and port the links point to, e.g. `https://empfehlen.netzplus.example`. */
  origin: string;
  /**
   * The template's text `part`, with `{{name}}` filled from `values` (and `{{mandantName}}` always). A
   * mandant overrides it with the i18n key `mail.TEMPLATE.PART` in its own `i18n/LANG.json`.
   */
  t(part: string, values?: Record<string, string | number>): string;
  /** Absolute link to a route of the mandant in the mail's language; `:name` segments come from `params`. */
  link(route: RouteName, params?: Record<string, string>, query?: Record<string, string>): string;
}

/**
 * One mail template (one file in server/mail/templates/, one line in templates/index.ts). `texts` holds
 * the default wording per language; `compose` picks texts and links for one mail from its data.
 */
export interface MailTemplate<Data> {
  texts: Readonly<Record<MailLanguage, MailTexts>>;
  compose(data: Data, context: MailContext): MailContent;
}

/** Declares a template with its data type; the identity function only gives the compiler the types. */
export function defineMailTemplate<Data>(template: MailTemplate<Data>): MailTemplate<Data> {
  return template;
}
