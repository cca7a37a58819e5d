import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyDecisionMailData {
  /** The owner's name as stored. */
  name: string;
  firma: string;
  agenturnummer: string;
  /** The programme team's note (an activation's may be empty). */
  grund: string;
}

/**
 * The programme team activated a self-registered agency (issue 15, server/backoffice/agencies): its staff
 * can sign in now.
 */
export const agencyActivatedMail = defineMailTemplate<AgencyDecisionMailData>({
  texts: {
    de: {
      subject: 'Ihre Agentur ist bei {{mandantName}} freigeschaltet',
      intro:
        'wir haben die Registrierung Ihrer Agentur {{firma}} geprüft und freigeschaltet. Ihre Agenturnummer ist {{agenturnummer}}.',
      instruction: 'Sie können sich ab sofort mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden.',
      note: 'Hinweis des Programmteams: {{grund}}',
      action: 'Zur Anmeldung für Agenturen',
    },
    en: {
      subject: 'Your agency is now active with {{mandantName}}',
      intro:
        'we have reviewed and activated the registration of your agency {{firma}}. Your agency number is {{agenturnummer}}.',
      instruction: 'You can sign in with your e-mail address and password right away.',
      note: 'Note from the programme team: {{grund}}',
      action: 'Go to the agency login',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [
      mail.t('intro', { firma: data.firma, agenturnummer: data.agenturnummer }),
      mail.t('instruction'),
      ...(data.grund ? [mail.t('note', { grund: data.grund })] : []),
    ],
    action: { label: mail.t('action'), url: mail.link('AgencyLogin') },
  }),
});

/** The programme team did not accept a self-registered agency (issue 15): the reason, and whom to ask. */
export const agencyRejectedMail = defineMailTemplate<AgencyDecisionMailData>({
  texts: {
    de: {
      subject: 'Ihre Agenturregistrierung bei {{mandantName}}',
      intro:
        'wir haben die Registrierung Ihrer Agentur {{firma}} geprüft und können sie leider nicht annehmen.',
      reason: 'Begründung: {{grund}}',
      contact:
        'Bei Fragen antworten Sie einfach auf diese E-Mail oder wenden Sie sich an unser Programmteam.',
    },
    en: {
      subject: 'Your agency registration with {{mandantName}}',
      intro:
        'we have reviewed the registration of your agency {{firma}} and are unfortunately unable to accept it.',
      reason: 'Reason: {{grund}}',
      contact: 'If you have any questions, simply reply to this e-mail or contact our programme team.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: data.name,
    paragraphs: [mail.t('intro', { firma: data.firma }), mail.t('reason', { grund: data.grund })],
    notes: [mail.t('contact')],
  }),
});
