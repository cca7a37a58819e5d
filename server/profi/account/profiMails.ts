import { defineMailTemplate } from '../../mail/MailTemplate.ts';

export interface ProfiWelcomeMailData {
  vorname: string;
  nachname: string;
  profinummer: string;
  /** The set-password token of a new account (the link leads to CompleteRegistration), or null. */
  token: string | null;
  validHours: number;
}

/**
 * After POST profi/registrieren (issue 16): the seller's number and, for a new account, the link that sets
 * the password (the account lifecycle's welcome link, purpose welcome). A logged-in recommender who became a
 * seller gets the same mail without the link: the login they have is the seller's login.
 */
export const profiWelcomeMail = defineMailTemplate<ProfiWelcomeMailData>({
  texts: {
    de: {
      subject: 'Willkommen als Profi-Verkäufer bei {{mandantName}}',
      intro: 'vielen Dank für Ihre Registrierung als Profi-Verkäufer bei {{mandantName}}.',
      number:
        'Ihre Profinummer lautet {{profinummer}}. Bitte geben Sie sie bei Fragen zu Ihren Provisionen an.',
      instruction:
        'Um Ihre Registrierung abzuschließen, legen Sie bitte über den folgenden Link Ihr Passwort fest. Danach sehen Sie im Profi-Bereich Ihre Aufträge, Provisionen und Gutschriften.',
      loginInstruction:
        'Sie melden sich mit Ihrem bisherigen Zugang an und finden im Profi-Bereich Ihre Aufträge, Provisionen und Gutschriften.',
      action: 'Passwort festlegen',
      loginAction: 'Anmelden',
      validity: 'Der Link ist {{hours}} Stunden gültig und kann nur einmal verwendet werden.',
      notYou: 'Sie haben sich nicht registriert? Dann wenden Sie sich bitte an uns.',
    },
    en: {
      subject: 'Welcome as a professional seller at {{mandantName}}',
      intro: 'thank you for registering as a professional seller with {{mandantName}}.',
      number:
        'Your seller number is {{profinummer}}. Please quote it with any question about your commissions.',
      instruction:
        'To complete your registration, please choose your password using the link below. Afterwards the seller area shows your orders, commissions and credit notes.',
      loginInstruction:
        'You sign in with your existing login and find your orders, commissions and credit notes in the seller area.',
      action: 'Choose password',
      loginAction: 'Sign in',
      validity: 'The link is valid for {{hours}} hours and can be used only once.',
      notYou: 'You did not register? Then please contact us.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [
      mail.t('intro'),
      mail.t('number', { profinummer: data.profinummer }),
      mail.t(data.token ? 'instruction' : 'loginInstruction'),
    ],
    action: data.token
      ? {
          label: mail.t('action'),
          // The runtime's set-password page may read `ziel` to go on to the seller's overview.
          url: mail.link('CompleteRegistration', { token: data.token }, { ziel: 'ProfiOverview' }),
        }
      : { label: mail.t('loginAction'), url: mail.link('Login') },
    notes: data.token
      ? [mail.t('validity', { hours: data.validHours }), mail.t('notYou')]
      : [mail.t('notYou')],
  }),
});

export interface ProfiExistingAccountMailData {
  vorname: string;
  nachname: string;
}

/**
 * POST profi/registrieren for an address that already has an account, without that account's session:
 * nothing is changed (a stranger must not turn someone's account into a seller's with their own bank data);
 * the mail asks the owner to sign in first and register from there.
 */
export const profiExistingAccountMail = defineMailTemplate<ProfiExistingAccountMailData>({
  texts: {
    de: {
      subject: 'Ihre Registrierung als Profi-Verkäufer bei {{mandantName}}',
      intro: 'für diese E-Mail-Adresse gibt es bei {{mandantName}} bereits einen Zugang.',
      instruction:
        'Bitte melden Sie sich zuerst an und registrieren Sie sich dann als Profi-Verkäufer. Falls Sie noch kein Passwort haben, wählen Sie bei der Anmeldung „Passwort vergessen“.',
      action: 'Anmelden',
      notYou: 'Sie haben sich nicht registriert? Dann können Sie diese E-Mail einfach ignorieren.',
    },
    en: {
      subject: 'Your registration as a professional seller at {{mandantName}}',
      intro: 'this e-mail address already has a login at {{mandantName}}.',
      instruction:
        'Please sign in first and then register as a professional seller. If you have no password yet, choose “Forgot password” when signing in.',
      action: 'Sign in',
      notYou: 'You did not register? Then simply ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro'), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('Login') },
    notes: [mail.t('notYou')],
  }),
});
