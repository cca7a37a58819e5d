import type { Language } from '../../../schemas/constants.ts';

/**
 * The profi-seller credit note's words, like the agency's (server/agency/invoices/invoiceTexts.ts): a tax
 * document made on the server keeps its small table in the two languages; German is the binding version.
 */
const TEXTS = {
  de: {
    title: 'Gutschrift',
    procedure: 'Abrechnung im Gutschriftverfahren (§ 14 Abs. 2 Satz 2 UStG)',
    supplier: 'Leistender (Gutschriftempfänger)',
    recipient: 'Leistungsempfänger (Aussteller der Gutschrift)',
    taxNumber: 'Steuernummer: {value}',
    vatId: 'USt-IdNr.: {value}',
    sellerNumber: 'Profinummer: {value}',
    number: 'Gutschriftnummer',
    date: 'Gutschriftdatum',
    period: 'Leistungszeitraum',
    service: 'Leistung',
    serviceText: '{count} vermittelte Aufträge: Provision für die Vermittlung von Aufträgen',
    position: 'Pos.',
    order: 'Auftragsnummer',
    orderDate: 'Auftragsdatum',
    product: 'Produkt',
    commission: 'Provision',
    commissionNet: 'Provision (netto)',
    net: 'Nettobetrag (Steuersatz {rate} %)',
    vat: 'Umsatzsteuer {rate} %',
    sum: 'Summe der Positionen',
    gross: 'Gesamtbetrag',
    grossVat: 'Gesamtbetrag (brutto)',
    smallBusiness: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    payment: 'Der Gesamtbetrag wird auf das Konto {iban} ({holder}) überwiesen.',
    paymentNoAccount: 'Der Gesamtbetrag wird überwiesen, sobald Sie eine Bankverbindung hinterlegt haben.',
    objection:
      'Bitte prüfen Sie diese Gutschrift. Sind Sie mit ihr nicht einverstanden, widersprechen Sie bitte umgehend.',
  },
  en: {
    title: 'Gutschrift (self-billing credit note)',
    procedure: 'Self-billing (§ 14 para. 2 sentence 2 German VAT Act)',
    supplier: 'Supplier (recipient of the credit note)',
    recipient: 'Customer (issuer of the credit note)',
    taxNumber: 'Tax number: {value}',
    vatId: 'VAT ID: {value}',
    sellerNumber: 'Seller number: {value}',
    number: 'Credit note number',
    date: 'Credit note date',
    period: 'Period of service',
    service: 'Service',
    serviceText: '{count} orders placed: commission for placing orders',
    position: 'No.',
    order: 'Order number',
    orderDate: 'Order date',
    product: 'Product',
    commission: 'Commission',
    commissionNet: 'Commission (net)',
    net: 'Net amount (tax rate {rate} %)',
    vat: 'VAT {rate} %',
    sum: 'Sum of the lines',
    gross: 'Total',
    grossVat: 'Total (gross)',
    smallBusiness:
      'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet. (No VAT is charged under § 19 German VAT Act, small business.)',
    payment: 'The total is transferred to the account {iban} ({holder}).',
    paymentNoAccount: 'The total is transferred once you have stored a bank account.',
    objection: 'Please check this credit note and object at once if you do not agree with it.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ProfiCreditNoteTextKey = keyof (typeof TEXTS)['de'];

export function profiCreditNoteText(
  language: Language,
  key: ProfiCreditNoteTextKey,
  values: Record<string, string | number> = {},
): string {
  const template: string = TEXTS[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
