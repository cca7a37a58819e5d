import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import type { Language } from '../../../schemas/constants.ts';
import { pdfStream, percent } from '../../agency/invoices/invoicePdf.ts';
import type { StoredProfiCreditNote } from './profiCreditNotes.ts';
import { profiCreditNoteText } from './profiCreditNoteTexts.ts';

/**
 * The seller's credit note, laid out like the agency's (server/agency/invoices/invoicePdf.ts, whose renderer
 * it uses): every field § 14 Abs. 4 UStG asks for, the word "Gutschrift", the seller's tax number, and
 * either the VAT line (with VAT) or the § 19 UStG note (small business). Rendered from the stored row only.
 */
export function profiCreditNoteDocument(
  note: StoredProfiCreditNote,
  language: Language,
): TDocumentDefinitions {
  const t = (key: Parameters<typeof profiCreditNoteText>[1], values?: Record<string, string | number>) =>
    profiCreditNoteText(language, key, values);
  const { Leistender: supplier, Empfaenger: recipient } = note.parteien;
  const smallBusiness = note.steuerstatus === 'kleinunternehmer';
  const rate = percent(note.ustSatzPromille);
  const supplierLines: Content[] = [
    { text: t('supplier'), style: 'label' },
    { text: supplier.Name, bold: true },
    supplier.Strasse,
    `${supplier.Plz} ${supplier.Ort}`,
    ...(supplier.Steuernummer ? [t('taxNumber', { value: supplier.Steuernummer })] : []),
    ...(supplier.UstId ? [t('vatId', { value: supplier.UstId })] : []),
    t('sellerNumber', { value: supplier.Profinummer }),
  ];
  const recipientLines: Content[] = [
    { text: t('recipient'), style: 'label' },
    { text: recipient.Name, bold: true },
    recipient.Strasse,
    `${recipient.Plz} ${recipient.Ort}`,
    ...(recipient.Land ? [recipient.Land] : []),
    ...(recipient.UstId ? [t('vatId', { value: recipient.UstId })] : []),
  ];
  const lines = note.positionen.map((line, index) => [
    String(index + 1),
    line.Auftragsnummer,
    formatDate(line.Datum),
    line.Produkt ?? line.ProduktId,
    { text: formatMoney(line.ProvisionCent), alignment: 'right' as const },
  ]);
  const money = (cents: number, bold = false) => ({
    text: formatMoney(cents),
    alignment: 'right' as const,
    bold,
  });
  const totals = smallBusiness
    ? [
        [t('sum'), money(note.NettoCent)],
        [{ text: t('gross'), bold: true }, money(note.BruttoCent, true)],
      ]
    : [
        [t('net', { rate }), money(note.NettoCent)],
        [t('vat', { rate }), money(note.UstCent)],
        [{ text: t('grossVat'), bold: true }, money(note.BruttoCent, true)],
      ];
  const period = `${formatDate(`${note.Monat}-01`)} – ${formatDate(note.Leistungsende)}`;
  return {
    info: { title: `${t('title')} ${note.Nummer}` },
    language,
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 60],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: {
      title: { fontSize: 20, bold: true },
      label: { fontSize: 8, color: '#555555', margin: [0, 0, 0, 2] },
      tableHeader: { bold: true },
    },
    content: [
      { text: t('title'), style: 'title' },
      { text: t('procedure'), margin: [0, 2, 0, 16] },
      { columns: [supplierLines, recipientLines], columnGap: 24, margin: [0, 0, 0, 16] },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [{ text: t('number'), bold: true }, note.Nummer],
            [{ text: t('date'), bold: true }, formatDate(note.Rechnungsdatum)],
            [{ text: t('period'), bold: true }, period],
            [{ text: t('service'), bold: true }, t('serviceText', { count: note.Positionen })],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 16],
      },
      {
        table: {
          headerRows: 1,
          widths: ['auto', 'auto', 'auto', '*', 'auto'],
          body: [
            [
              { text: t('position'), style: 'tableHeader' },
              { text: t('order'), style: 'tableHeader' },
              { text: t('orderDate'), style: 'tableHeader' },
              { text: t('product'), style: 'tableHeader' },
              {
                text: t(smallBusiness ? 'commission' : 'commissionNet'),
                style: 'tableHeader',
                alignment: 'right',
              },
            ],
            ...lines,
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { table: { widths: ['*', 'auto'], body: totals }, layout: 'noBorders', margin: [0, 0, 0, 16] },
      ...(smallBusiness
        ? [{ text: t('smallBusiness'), margin: [0, 0, 0, 8] as [number, number, number, number] }]
        : []),
      supplier.IBAN
        ? t('payment', { iban: supplier.IBAN, holder: supplier.Kontoinhaber ?? supplier.Name })
        : t('paymentNoAccount'),
      { text: t('objection'), margin: [0, 8, 0, 0] },
    ],
  };
}

/** The credit note as a PDF stream. */
export function profiCreditNotePdfStream(note: StoredProfiCreditNote, language: Language) {
  return pdfStream(profiCreditNoteDocument(note, language));
}
