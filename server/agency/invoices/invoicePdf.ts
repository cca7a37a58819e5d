import pdfMake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import type { Language } from '../../../schemas/constants.ts';
import type { StoredInvoice } from './invoices.ts';
import { invoiceText } from './invoiceTexts.ts';

/**
 * pdfmake 0.3 on the server: the module is one shared instance. Only the PDF standard fonts (pdfkit's
 * built-in Helvetica, no files, no network): no URL may be fetched and no local file read but those
 * names, so nothing in an invoice's data can make the renderer load a resource.
 */
const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
} as const;
const STANDARD_FONTS = new Set<string>(Object.values(HELVETICA));

/** Set before every document: the instance is shared, and createPdf takes its fonts and policies at once. */
function configure(): void {
  pdfMake.setFonts({ Helvetica: { ...HELVETICA } });
  pdfMake.setUrlAccessPolicy(() => false);
  pdfMake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
}

export const percent = (promille: number) => String(promille / 10).replace('.', ',');

/** The credit note's document: every field § 14 Abs. 4 UStG asks for, and the word "Gutschrift". */
export function invoiceDocument(invoice: StoredInvoice, language: Language): TDocumentDefinitions {
  const t = (key: Parameters<typeof invoiceText>[1], values?: Record<string, string | number>) =>
    invoiceText(language, key, values);
  const { Leistender: supplier, Empfaenger: recipient } = invoice.parteien;
  const rate = percent(invoice.UstSatzPromille);
  const supplierLines: Content[] = [
    { text: t('supplier'), style: 'label' },
    { text: supplier.Name, bold: true },
    supplier.Strasse,
    `${supplier.Plz} ${supplier.Ort}`,
    ...(supplier.Steuernummer ? [t('taxNumber', { value: supplier.Steuernummer })] : []),
    ...(supplier.UstId ? [t('vatId', { value: supplier.UstId })] : []),
    t('agencyNumber', { value: supplier.Agenturnummer }),
  ];
  const recipientLines: Content[] = [
    { text: t('recipient'), style: 'label' },
    { text: recipient.Name, bold: true },
    recipient.Strasse,
    `${recipient.Plz} ${recipient.Ort}`,
    ...(recipient.Land ? [recipient.Land] : []),
    ...(recipient.UstId ? [t('vatId', { value: recipient.UstId })] : []),
  ];
  const lines = invoice.positionen.map((line, index) => [
    String(index + 1),
    line.Auftragsnummer,
    formatDate(line.Datum),
    line.Produkt ?? line.ProduktId,
    { text: formatMoney(line.ProvisionCent), alignment: 'right' as const },
  ]);
  const period = `${formatDate(`${invoice.Monat}-01`)} – ${formatDate(invoice.Leistungsende)}`;
  return {
    info: { title: `${t('title')} ${invoice.Rechnungsnummer}` },
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
            [{ text: t('number'), bold: true }, invoice.Rechnungsnummer],
            [{ text: t('date'), bold: true }, formatDate(invoice.Rechnungsdatum)],
            [{ text: t('period'), bold: true }, period],
            [{ text: t('service'), bold: true }, t('serviceText', { count: invoice.Positionen })],
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
              { text: t('commission'), style: 'tableHeader', alignment: 'right' },
            ],
            ...lines,
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [t('net', { rate }), { text: formatMoney(invoice.NettoCent), alignment: 'right' }],
            [t('vat', { rate }), { text: formatMoney(invoice.UstCent), alignment: 'right' }],
            [
              { text: t('gross'), bold: true },
              { text: formatMoney(invoice.BruttoCent), bold: true, alignment: 'right' },
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 16],
      },
      supplier.IBAN
        ? t('payment', { iban: supplier.IBAN, holder: supplier.Kontoinhaber ?? supplier.Name })
        : t('paymentNoAccount'),
      { text: t('objection'), margin: [0, 8, 0, 0] },
    ],
  };
}

/**
 * A document as a PDF stream (pdfkit document, already ended: it only has to be read), with the standard
 * fonts and no file or URL access. The one renderer of the server's PDFs (agency and profi-seller credit notes).
 */
export async function pdfStream(document: TDocumentDefinitions) {
  configure();
  const stream = await pdfMake.createPdf(document).getStream();
  stream.end();
  return stream;
}

/** The credit note as a PDF stream. */
export function invoicePdfStream(invoice: StoredInvoice, language: Language) {
  return pdfStream(invoiceDocument(invoice, language));
}
