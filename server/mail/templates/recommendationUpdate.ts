import { defineMailTemplate } from '../MailTemplate.ts';

/** The steps the recommender hears of (issue 13); the reward-ready mail is `rewardReady`. */
export type RecommendationUpdateKind = 'friendConfirmed' | 'orderReceived' | 'rewardPaid' | 'cancelled';

export interface RecommendationUpdateMailData {
  kind: RecommendationUpdateKind;
  vorname: string;
  nachname: string;
  empfehlungsnummer: string;
  /** rewardPaid: the amount, de-DE money text. */
  wert?: string;
  /** cancelled: the reason code (docs/lifecycle.md), worded by the `reason_CODE` texts. */
  reason?: string;
  /** rewardPaid: the § 22 Nr. 3 EStG note, once a calendar year when the year's rewards come near 256 €. */
  taxNotice?: { jahr: number; summe: string; freigrenze: string };
}

const KNOWN_REASONS = [
  'order.cancelled',
  'fraud.confirmed',
  'order.other_channel',
  'recipient.already_customer',
];

/**
 * What happened to one of the recommender's recommendations. The friend never gets a mail from the
 * programme (UWG): every mail of this template goes to the recommender.
 */
export const recommendationUpdateMail = defineMailTemplate<RecommendationUpdateMailData>({
  texts: {
    de: {
      subject_friendConfirmed: 'Ihre Empfehlung {{nr}}: Ihr Kontakt hat zugestimmt',
      body_friendConfirmed:
        'Gute Nachrichten: Die Person, der Sie {{mandantName}} empfohlen haben, hat ihre Daten bestätigt. Sobald sie einen Vertrag abschließt, geht es weiter.',
      subject_orderReceived: 'Ihre Empfehlung {{nr}}: Auftrag eingegangen',
      body_orderReceived:
        'Zu Ihrer Empfehlung ist ein Auftrag eingegangen. Sobald der Vertrag bestätigt ist und die Widerrufsfrist vorbei ist, stellen wir Ihre Prämie bereit.',
      subject_rewardPaid: 'Ihre Prämie über {{wert}} ist unterwegs',
      body_rewardPaid:
        'Wir haben Ihre Prämie über {{wert}} für die Empfehlung {{nr}} ausgezahlt. Vielen Dank, dass Sie {{mandantName}} weiterempfehlen!',
      subject_cancelled: 'Ihre Empfehlung {{nr}} wurde storniert',
      body_cancelled: 'Leider kann für Ihre Empfehlung {{nr}} keine Prämie gezahlt werden. Grund: {{reason}}',
      'reason_order.cancelled': 'Der Auftrag wurde storniert oder widerrufen.',
      'reason_fraud.confirmed': 'Die Empfehlung entspricht nicht den Teilnahmebedingungen.',
      'reason_order.other_channel':
        'Der Auftrag kam über einen anderen Weg (zum Beispiel die Hotline) und nicht über Ihre Empfehlung zustande.',
      'reason_recipient.already_customer': 'Die empfohlene Person ist bereits Kundin oder Kunde.',
      reason_other: 'Die Voraussetzungen für eine Prämie sind nicht erfüllt.',
      tax: 'Steuerhinweis {{jahr}}: Ihnen wurden in diesem Jahr bereits {{summe}} an Prämien ausgezahlt. Sonstige Einkünfte bis einschließlich {{freigrenze}} im Kalenderjahr sind steuerfrei (§ 22 Nr. 3 EStG); wird dieser Betrag überschritten, ist der gesamte Betrag steuerpflichtig.',
      action: 'Zu Ihren Empfehlungen',
      optout: 'Welche E-Mails Sie von uns erhalten, stellen Sie unter „Meine Daten“ ein.',
    },
    en: {
      subject_friendConfirmed: 'Your recommendation {{nr}}: your contact agreed',
      body_friendConfirmed:
        'Good news: the person you recommended {{mandantName}} to has confirmed their details. As soon as they sign a contract, things move on.',
      subject_orderReceived: 'Your recommendation {{nr}}: order received',
      body_orderReceived:
        'An order has come in for your recommendation. Once the contract is confirmed and the cancellation period is over, we will provide your reward.',
      subject_rewardPaid: 'Your reward of {{wert}} is on its way',
      body_rewardPaid:
        'We have paid your reward of {{wert}} for recommendation {{nr}}. Thank you for recommending {{mandantName}}!',
      subject_cancelled: 'Your recommendation {{nr}} was cancelled',
      body_cancelled:
        'Unfortunately no reward can be paid for your recommendation {{nr}}. Reason: {{reason}}',
      'reason_order.cancelled': 'The order was cancelled or withdrawn.',
      'reason_fraud.confirmed': 'The recommendation does not meet the terms of participation.',
      'reason_order.other_channel':
        'The order was placed through another channel (for example the hotline), not through your recommendation.',
      'reason_recipient.already_customer': 'The person you recommended is already a customer.',
      reason_other: 'The conditions for a reward are not met.',
      tax: 'Tax note {{jahr}}: rewards of {{summe}} have been paid to you this year. Other income of up to {{freigrenze}} per calendar year is tax-free in Germany (§ 22 No. 3 EStG); above it, the whole amount is taxable.',
      action: 'To your recommendations',
      optout: 'You choose which e-mails you get from us under “My data”.',
    },
  },
  compose: (data, mail) => {
    const values = { nr: data.empfehlungsnummer, wert: data.wert ?? '' };
    const reason = mail.t(
      KNOWN_REASONS.includes(data.reason ?? '') ? `reason_${data.reason}` : 'reason_other',
    );
    return {
      subject: mail.t(`subject_${data.kind}`, values),
      recipientName: `${data.vorname} ${data.nachname}`.trim() || undefined,
      paragraphs: [
        mail.t(`body_${data.kind}`, { ...values, reason }),
        ...(data.taxNotice ? [mail.t('tax', data.taxNotice)] : []),
      ],
      // A mandant without a personal area (no Dashboard route) gets the mail without the button.
      ...(mail.mandant.config.routes.Dashboard
        ? { action: { label: mail.t('action'), url: mail.link('Dashboard') } }
        : {}),
      notes: data.kind === 'friendConfirmed' || data.kind === 'orderReceived' ? [mail.t('optout')] : [],
    };
  },
});
