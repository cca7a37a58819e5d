import { defineMailTemplate } from '../MailTemplate.ts';

export interface BackofficeStaffInvitedMailData {
  name: string;
  /** The admin who invited. */
  von: string;
  /** The welcome token (backoffice_user_token); the link leads to BackofficeSetPassword. */
  token: string;
  validHours: number;
}

/**
 * After POST backoffice/mitarbeiter (issue 15): an admin invited a member of the programme team, who sets a
 * first password with the mail's single-use link and then signs in, setting up the authenticator app.
 */
export const backofficeStaffInvitedMail = defineMailTemplate<BackofficeStaffInvitedMailData>({
  texts: {
    de: {
      subject: 'Ihr Zugang zum Backoffice von {{mandantName}}',
      intro:
        '{{von}} hat Ihnen einen Zugang zum Backoffice des Empfehlungsprogramms von {{mandantName}} eingerichtet.',
      instruction:
        'Legen Sie über den folgenden Link Ihr Passwort fest. Bei der ersten Anmeldung ({{loginUrl}}) richten Sie danach eine Authenticator-App als zweiten Faktor ein.',
      action: 'Passwort festlegen',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou: 'Sie erwarten diese Einladung nicht? Dann ignorieren Sie diese E-Mail bitte.',
    },
    en: {
      subject: 'Your access to the back office of {{mandantName}}',
      intro:
        '{{von}} has set up access for you to the back office of the {{mandantName}} referral programme.',
      instruction:
        'Use the link below to choose your password. At your first sign-in ({{loginUrl}}) you then set up an authenticator app as the second factor.',
      action: 'Choose password',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou: 'You did not expect this invitation? Then please ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [
      mail.t('intro', { von: data.von }),
      mail.t('instruction', { loginUrl: mail.link('BackofficeLogin') }),
    ],
    action: { label: mail.t('action'), url: mail.link('BackofficeSetPassword', { token: data.token }) },
    notes: [mail.t('validity', { hours: data.validHours }), mail.t('notYou')],
  }),
});
