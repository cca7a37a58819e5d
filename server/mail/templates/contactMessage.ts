import type { ContactRequest } from '../../../schemas/contentContact.ts';
import { defineMailTemplate } from '../MailTemplate.ts';

/** The contact message as it goes to the mandant's support team (never to the sender). */
export const contactMessageMail = defineMailTemplate<ContactRequest>({
  texts: {
    de: {
      subject: 'Kontaktformular: {{betreff}}',
      intro: 'über das Kontaktformular von {{mandantName}} ist eine Nachricht eingegangen.',
      from: 'Von: {{name}} <{{email}}>',
      subjectLine: 'Betreff: {{betreff}}',
      reply:
        'Bitte antworten Sie direkt an die angegebene E-Mail-Adresse. Die Nachricht wird nach 12 Wochen gelöscht.',
    },
    en: {
      subject: 'Contact form: {{betreff}}',
      intro: 'a message has arrived through the contact form of {{mandantName}}.',
      from: 'From: {{name}} <{{email}}>',
      subjectLine: 'Subject: {{betreff}}',
      reply: 'Please reply directly to the e-mail address given. The message will be deleted after 12 weeks.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject', { betreff: data.Betreff }),
    paragraphs: [
      mail.t('intro'),
      mail.t('from', { name: data.Name, email: data.Email }),
      mail.t('subjectLine', { betreff: data.Betreff }),
      data.Nachricht,
    ],
    notes: [mail.t('reply')],
  }),
});
