import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyAlreadyRegisteredMailData {
  /** The agency user's name as stored. */
  name: string;
}

/**
 * After POST agentur/registrieren with an address that already belongs to agency staff: the answer to the
 * form is the same as for a new address (no enumeration), the mail tells the owner of the address how to
 * get in.
 */
export const agencyAlreadyRegisteredMail = defineMailTemplate<AgencyAlreadyRegisteredMailData>({
  texts: {
    de: {
      subject: 'Sie haben bereits einen Agenturzugang bei {{mandantName}}',
      intro:
        'mit dieser E-Mail-Adresse wurde gerade eine Agentur registriert. Zu dieser Adresse gibt es bereits einen Agenturzugang; es wurde keine neue Agentur angelegt.',
      instruction:
        'Melden Sie sich einfach im Agenturbereich an. Falls Sie Ihr Passwort vergessen haben, fordern Sie dort ein neues an.',
      action: 'Zur Anmeldung für Agenturen',
      notYou:
        'Das waren nicht Sie? Dann ignorieren Sie diese E-Mail – an Ihrem Zugang hat sich nichts geändert.',
    },
    en: {
      subject: 'You already have an agency login with {{mandantName}}',
      intro:
        'someone just registered an agency with this e-mail address. This address already has an agency login; no new agency was created.',
      instruction:
        'Simply sign in to the agency area. If you forgot your password, you can request a new one there.',
      action: 'Go to the agency login',
      notYou: 'That was not you? Then ignore this e-mail – nothing about your login has changed.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('AgencyLogin') },
    notes: [mail.t('notYou')],
  }),
});
