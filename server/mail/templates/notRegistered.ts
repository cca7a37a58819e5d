import { ERRORS } from '../../../schemas/errors.ts';
import { defineMailTemplate } from '../MailTemplate.ts';

/**
 * After a password request for an address without an account. SPEC's "e-mail not registered" message is
 * told here, to the owner of the address only, so the HTTP answer cannot be used to test addresses.
 */
export const notRegisteredMail = defineMailTemplate<Record<string, never>>({
  texts: {
    de: {
      subject: 'Ihre Anfrage bei {{mandantName}}',
      intro: 'für diese E-Mail-Adresse wurde ein neues Passwort angefordert.',
      notRegistered: ERRORS.PSOF0207.de,
      instruction:
        'Vielleicht haben Sie sich mit einer anderen Adresse registriert? Oder möchten Sie jetzt ein Konto anlegen?',
      action: 'Jetzt registrieren',
      notYou: 'Sie haben nichts angefordert? Dann können Sie diese E-Mail einfach ignorieren.',
    },
    en: {
      subject: 'Your request at {{mandantName}}',
      intro: 'a new password was requested for this e-mail address.',
      notRegistered: ERRORS.PSOF0207.en,
      instruction: 'Perhaps you registered with another address? Or would you like to create an account now?',
      action: 'Register now',
      notYou: 'You did not request anything? Then simply ignore this e-mail.',
    },
  },
  compose: (_data, mail) => ({
    subject: mail.t('subject'),
    paragraphs: [mail.t('intro'), mail.t('notRegistered'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('Registration') },
    notes: [mail.t('notYou')],
  }),
});
