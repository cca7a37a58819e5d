import { defineMailTemplate } from '../MailTemplate.ts';

export interface VoucherLowStockMailData {
  /** The catalogue entry's title, e.g. 'Wunschgutschein', and its id. */
  titel: string;
  praemieId: string;
  frei: number;
  schwelle: number;
}

/**
 * Issue 15: a voucher pool fell below its low-stock threshold; to the mandant's finance staff
 * (server/backoffice/payouts). Sent once per fall, again only after a refill to the threshold or above.
 */
export const voucherLowStockMail = defineMailTemplate<VoucherLowStockMailData>({
  texts: {
    de: {
      subject: 'Gutscheine werden knapp: {{titel}}',
      intro:
        'Im Gutschein-Pool „{{titel}}“ ({{praemieId}}) von {{mandantName}} sind nur noch {{frei}} Codes frei; die Meldeschwelle liegt bei {{schwelle}}.',
      refill:
        'Bitte importieren Sie neue Codes im Backoffice unter Gutscheine, damit Prämien ohne Wartezeit ausgeliefert werden.',
      action: 'Gutscheine öffnen',
      note: 'Sie erhalten diese Nachricht erst wieder, wenn der Bestand aufgefüllt wurde und erneut unter die Schwelle fällt.',
    },
    en: {
      subject: 'Vouchers running low: {{titel}}',
      intro:
        'The voucher pool “{{titel}}” ({{praemieId}}) of {{mandantName}} has only {{frei}} free codes left; the alert threshold is {{schwelle}}.',
      refill:
        'Please import new codes in the back office under Vouchers so that rewards are delivered without waiting.',
      action: 'Open vouchers',
      note: 'You will get this message again only after the stock was refilled and falls below the threshold again.',
    },
  },
  compose: (data, mail) => ({
    subject: mail.t('subject', { titel: data.titel }),
    paragraphs: [
      mail.t('intro', {
        titel: data.titel,
        praemieId: data.praemieId,
        frei: data.frei,
        schwelle: data.schwelle,
      }),
      mail.t('refill'),
    ],
    // A mandant without the back-office pages gets the mail without the button.
    ...(mail.mandant.config.routes.BackofficeVouchers
      ? { action: { label: mail.t('action'), url: mail.link('BackofficeVouchers') } }
      : {}),
    notes: [mail.t('note')],
  }),
});
