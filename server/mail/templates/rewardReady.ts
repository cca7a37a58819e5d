import { defineMailTemplate } from '../MailTemplate.ts';

export interface RewardReadyMailData {
  vorname: string;
  nachname: string;
  /** The reward as de-DE money text, e.g. '70,00 €'. */
  wert: string;
  /** The reward-collection token (praemierungstoken); the link leads to the reward choice. */
  token: string;
  validDays: number;
}

/** GET /empfehler/praemierungmail/{id}: the link to choose and collect a reward without logging in. */
export const rewardReadyMail = defineMailTemplate<RewardReadyMailData>({
  texts: {
    de: {
      subject: 'Ihre Prämie von {{mandantName}} wartet auf Sie',
      intro: 'Ihre Empfehlung war erfolgreich – vielen Dank! Ihre Prämie über {{wert}} liegt für Sie bereit.',
      instruction:
        'Über den folgenden Link wählen Sie, wie Sie Ihre Prämie erhalten möchten: als Überweisung oder als Gutschein.',
      action: 'Prämie wählen',
      validity:
        'Der Link ist {{days}} Tage gültig. Sie finden Ihre Prämie auch jederzeit in Ihrem persönlichen Bereich.',
    },
    en: {
      subject: 'Your reward from {{mandantName}} is waiting for you',
      intro: 'Your recommendation was successful – thank you! Your reward of {{wert}} is ready for you.',
      instruction:
        'Use the link below to choose how you would like to receive it: as a bank transfer or as a voucher.',
      action: 'Choose reward',
      validity:
        'The link is valid for {{days}} days. You can also find your reward in your personal area at any time.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`,
    paragraphs: [mail.t('intro', { wert: data.wert }), mail.t('instruction')],
    action: { label: mail.t('action'), url: mail.link('Reward', {}, { token: data.token }) },
    notes: [mail.t('validity', { days: data.validDays })],
  }),
});
