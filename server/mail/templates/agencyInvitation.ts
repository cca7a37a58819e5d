import { defineMailTemplate } from '../MailTemplate.ts';

export interface AgencyInvitationMailData {
  vorname: string;
  nachname: string;
  /** The agency's company name (agency.firma). */
  agentur: string;
  /** The invitation's token; the link leads to InvitationRegistration. */
  token: string;
  validDays: number;
}

/** After PUT Einladung (issue 14): an agency invites a customer to become a recommender. */
export const agencyInvitationMail = defineMailTemplate<AgencyInvitationMailData>({
  texts: {
    de: {
      subject: 'Ihre Einladung zu {{mandantName}}',
      intro:
        '{{agentur}} lädt Sie ein, bei {{mandantName}} Freunde und Bekannte zu empfehlen und dafür Prämien zu erhalten.',
      instruction:
        'Über den folgenden Link legen Sie Ihr Passwort fest und schließen Ihre Registrierung ab. Danach können Sie sofort empfehlen und Ihre Empfehlungen und Prämien verfolgen.',
      action: 'Registrierung abschließen',
      validity: 'Der Link ist {{days}} Tage gültig und kann nur einmal verwendet werden.',
      notYou: 'Sie wurden nicht von {{agentur}} eingeladen? Dann können Sie diese E-Mail einfach ignorieren.',
    },
    en: {
      subject: 'Your invitation to {{mandantName}}',
      intro:
        '{{agentur}} invites you to recommend {{mandantName}} to friends and acquaintances and earn rewards.',
      instruction:
        'Use the link below to choose your password and complete your registration. Afterwards you can recommend right away and follow your recommendations and rewards.',
      action: 'Complete registration',
      validity: 'The link is valid for {{days}} days and can be used only once.',
      notYou: 'You were not invited by {{agentur}}? Then simply ignore this e-mail.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro', { agentur: data.agentur }), mail.t('instruction')],
    action: {
      label: mail.t('action'),
      url: mail.link('InvitationRegistration', { token: data.token }),
    },
    notes: [mail.t('validity', { days: data.validDays }), mail.t('notYou', { agentur: data.agentur })],
  }),
});
