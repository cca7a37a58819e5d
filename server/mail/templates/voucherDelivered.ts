import { formatMoney } from '../../../domain/format.ts';
import { defineMailTemplate } from '../MailTemplate.ts';

export interface VoucherDeliveredMailData {
  vorname: string;
  nachname: string;
  /** The catalogue entry's title, e.g. 'Wunschgutschein'. */
  titel: string;
  /** The voucher code from the mandant's pool. */
  code: string;
  wertCent: number;
}

/** Issue 13: the voucher chosen as reward (SPEC 9: by e-mail within 24 hours). */
export const voucherDeliveredMail = defineMailTemplate<VoucherDeliveredMailData>({
  texts: {
    de: {
      subject: 'Ihr Gutschein von {{mandantName}}',
      intro: 'Vielen Dank für Ihre Empfehlung! Hier ist Ihr {{titel}} im Wert von {{wert}}.',
      code: 'Ihr Gutscheincode: {{code}}',
      note: 'Bewahren Sie diese E-Mail gut auf: Der Code gilt wie Bargeld.',
    },
    en: {
      subject: 'Your voucher from {{mandantName}}',
      intro: 'Thank you for your recommendation! Here is your {{titel}} worth {{wert}}.',
      code: 'Your voucher code: {{code}}',
      note: 'Keep this e-mail safe: the code is as good as cash.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject'),
    recipientName: `${data.vorname} ${data.nachname}`.trim() || undefined,
    paragraphs: [
      mail.t('intro', { titel: data.titel, wert: formatMoney(data.wertCent) }),
      mail.t('code', { code: data.code }),
    ],
    notes: [mail.t('note')],
  }),
});
