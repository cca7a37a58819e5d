import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyStaffAddedMailData {
  name: string;
  /** The agency's company name (agency.firma). */
  agentur: string;
  /** The owner who added the user. */
  von: string;
}

/**
 * After POST agentur/mitarbeiter (issue 14): an owner added a staff member, who signs in on the agency login
 * page by the company's single sign-on. There is no set-password link for agency users yet (account_token
 * holds recommenders only), so a user of an agency without SSO cannot set a first password by mail.
 */
export const agencyStaffAddedMail = defineMailTemplate<AgencyStaffAddedMailData>({
  texts: {
    de: {
      subject: 'Ihr Zugang zum Agenturbereich von {{mandantName}}',
      intro:
        '{{von}} hat Sie als Mitarbeiterin oder Mitarbeiter der Agentur {{agentur}} im Agenturbereich von {{mandantName}} eingetragen.',
      instruction:
        'Melden Sie sich über den folgenden Link mit der Anmeldung Ihres Unternehmens (Single Sign-on) an.',
      action: 'Zum Agenturbereich',
      notYou:
        'Sie arbeiten nicht für {{agentur}}? Dann antworten Sie bitte nicht und ignorieren Sie diese E-Mail.',
    },
    en: {
      subject: 'Your access to the agency area of {{mandantName}}',
      intro:
        '{{von}} added you as a member of staff of the agency {{agentur}} in the agency area of {{mandantName}}.',
      instruction: 'Sign in using the link below with your company’s sign-in (single sign-on).',
      action: 'To the agency area',
      notYou: 'You do not work for {{agentur}}? Then please do not reply and ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [mail.t('intro', { von: data.von, agentur: data.agentur }), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('AgencyLogin') },
    notes: [mail.t('notYou', { agentur: data.agentur })],
  }),
});
