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

/** A party of a credit note as the PDF prints it (agency and profi-seller credit notes alike). */
interface CreditNoteParty {
  Name: string;
  Strasse: string;
  Plz: string;
  Ort: string;
  Land?: string | null;
  UstId?: string | null;
  Steuernummer?: string | null;
}

/** One commission line of a credit note. */
interface CreditNoteLine {
  Auftragsnummer: string;
  Datum: string;
  Produkt: string | null;
  ProduktId: string;
  ProvisionCent: number;
}

/**
 * What a self-billing credit note (Gutschrift, § 14 Abs. 2 Satz 2 UStG) shows, whoever it bills: the words
 * come from the caller's text table (the keys both tables have), the numbers from the stored row.
 */
export interface CreditNoteLayout {
  language: Language;
  t: (key: string, values?: Record<string, string | number>) => string;
  number: string;
  /** YYYY-MM-DD; the month billed (YYYY-MM) and its last day. */
  date: string;
  month: string;
  serviceEnd: string;
  supplier: CreditNoteParty & { IBAN: string | null; Kontoinhaber: string | null };
  /** The supplier's number with the mandant (agency number, seller number), as a printed line. */
  supplierNumber: string;
  recipient: CreditNoteParty;
  lines: readonly CreditNoteLine[];
  /** The heading of the amount column. */
  commissionHeader: string;
  /** Net, VAT, gross … as label and cents; the last one bold. */
  totals: readonly [label: string, cents: number][];
  /** Sentences after the totals (the § 19 UStG note). */
  notes?: readonly string[];
}

/** The credit note's document: every field § 14 Abs. 4 UStG asks for, and the word "Gutschrift". */
export function creditNoteDocument(layout: CreditNoteLayout): TDocumentDefinitions {
  const { t, supplier, recipient } = layout;
  const supplierLines: Content[] = [
    { text: t('supplier'), style: 'label' },
    { text: supplier.Name, bold: true },
    supplier.Strasse,
    `${supplier.Plz} ${supplier.Ort}`,
    ...(supplier.Steuernummer ? [t('taxNumber', { value: supplier.Steuernummer })] : []),
    ...(supplier.UstId ? [t('vatId', { value: supplier.UstId })] : []),
    layout.supplierNumber,
  ];
  const recipientLines: Content[] = [
    { text: t('recipient'), style: 'label' },
    { text: recipient.Name, bold: true },
    recipient.Strasse,
    `${recipient.Plz} ${recipient.Ort}`,
    ...(recipient.Land ? [recipient.Land] : []),
    ...(recipient.UstId ? [t('vatId', { value: recipient.UstId })] : []),
  ];
  const lines = layout.lines.map((line, index) => [
    String(index + 1),
    line.Auftragsnummer,
    formatDate(line.Datum),
    line.Produkt ?? line.ProduktId,
    { text: formatMoney(line.ProvisionCent), alignment: 'right' as const },
  ]);
  const totals = layout.totals.map(([label, cents], index) => {
    const bold = index === layout.totals.length - 1;
    return [
      { text: label, bold },
      { text: formatMoney(cents), bold, alignment: 'right' as const },
    ];
  });
  const period = `${formatDate(`${layout.month}-01`)} – ${formatDate(layout.serviceEnd)}`;
  return {
    info: { title: `${t('title')} ${layout.number}` },
    language: layout.language,
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
            [{ text: t('number'), bold: true }, layout.number],
            [{ text: t('date'), bold: true }, formatDate(layout.date)],
            [{ text: t('period'), bold: true }, period],
            [{ text: t('service'), bold: true }, t('serviceText', { count: layout.lines.length })],
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
              { text: layout.commissionHeader, style: 'tableHeader', alignment: 'right' },
            ],
            ...lines,
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { table: { widths: ['*', 'auto'], body: totals }, layout: 'noBorders', margin: [0, 0, 0, 16] },
      ...(layout.notes ?? []).map((text) => ({
        text,
        margin: [0, 0, 0, 8] as [number, number, number, number],
      })),
      supplier.IBAN
        ? t('payment', { iban: supplier.IBAN, holder: supplier.Kontoinhaber ?? supplier.Name })
        : t('paymentNoAccount'),
      { text: t('objection'), margin: [0, 8, 0, 0] },
    ],
  };
}

/** The agency's credit note (issue 14): VAT on the net, the agency number. */
export function invoiceDocument(invoice: StoredInvoice, language: Language): TDocumentDefinitions {
  const t = (key: string, values?: Record<string, string | number>) =>
    invoiceText(language, key as Parameters<typeof invoiceText>[1], values);
  const rate = percent(invoice.UstSatzPromille);
  return creditNoteDocument({
    language,
    t,
    number: invoice.Rechnungsnummer,
    date: invoice.Rechnungsdatum,
    month: invoice.Monat,
    serviceEnd: invoice.Leistungsende,
    supplier: invoice.parteien.Leistender,
    supplierNumber: t('agencyNumber', { value: invoice.parteien.Leistender.Agenturnummer }),
    recipient: invoice.parteien.Empfaenger,
    lines: invoice.positionen,
    commissionHeader: t('commission'),
    totals: [
      [t('net', { rate }), invoice.NettoCent],
      [t('vat', { rate }), invoice.UstCent],
      [t('gross'), invoice.BruttoCent],
    ],
  });
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
