import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyStaffAddedMailData {
  name: string;
  /** The agency's company name (agency.firma). */
  agentur: string;
  /** The owner who added the user. */
  von: string;
  /** The welcome token (agency_user_token, purpose welcome); the link leads to AgencySetPassword. */
  token: string;
  validHours: number;
  /** Whether the mandant's agencies sign in by single sign-on: then the mail names both ways in. */
  sso: boolean;
}

/**
 * After POST agentur/mitarbeiter (issue 14): an owner added a staff member, who sets a first password with
 * the mail's single-use link (server/agency/passwords) — or, where the mandant's agencies have single
 * sign-on, signs in on the agency login page with the company's sign-in instead.
 */
export const agencyStaffAddedMail = defineMailTemplate<AgencyStaffAddedMailData>({
  texts: {
    de: {
      subject: 'Ihr Zugang zum Agenturbereich von {{mandantName}}',
      intro:
        '{{von}} hat Sie als Mitarbeiterin oder Mitarbeiter der Agentur {{agentur}} im Agenturbereich von {{mandantName}} eingetragen.',
      instruction:
        'Legen Sie über den folgenden Link Ihr Passwort fest; danach sind Sie gleich im Agenturbereich angemeldet. Später melden Sie sich auf der Anmeldeseite an: {{loginUrl}}',
      ssoInstruction:
        'Melden Sie sich auf der Anmeldeseite des Agenturbereichs ({{loginUrl}}) mit der Anmeldung Ihres Unternehmens (Single Sign-on) an, oder legen Sie über den folgenden Link ein Passwort fest.',
      action: 'Passwort festlegen',
      validity:
        'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden. Danach fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an.',
      notYou:
        'Sie arbeiten nicht für {{agentur}}? Dann antworten Sie bitte nicht und ignorieren Sie diese E-Mail.',
    },
    en: {
      subject: 'Your access to the agency area of {{mandantName}}',
      intro:
        '{{von}} added you as a member of staff of the agency {{agentur}} in the agency area of {{mandantName}}.',
      instruction:
        'Use the link below to choose your password; you will be signed in to the agency area right afterwards. Later, sign in on the login page: {{loginUrl}}',
      ssoInstruction:
        'Sign in on the agency area’s login page ({{loginUrl}}) with your company’s sign-in (single sign-on), or choose a password with the link below.',
      action: 'Choose password',
      validity:
        'The link is valid for {{hours}} hours and can be used only once. After that, ask for a new one with “Forgot password?” on the login page.',
      notYou: 'You do not work for {{agentur}}? Then please do not reply and ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [
      mail.t('intro', { von: data.von, agentur: data.agentur }),
      mail.t(data.sso ? 'ssoInstruction' : 'instruction', { loginUrl: mail.link('AgencyLogin') }),
    ],
    action: { label: mail.t('action'), url: mail.link('AgencySetPassword', { token: data.token }) },
    notes: [mail.t('validity', { hours: data.validHours }), mail.t('notYou', { agentur: data.agentur })],
  }),
});
