import type { Language } from '../../../schemas/constants.ts';

/**
 * The credit note's words. The PDF is a tax document made on the server (like a mail), so it keeps this
 * small table in the two languages instead of the runtime's i18next texts; German is the binding version.
 * `{name}` placeholders are filled by `invoiceText`.
 */
const TEXTS = {
  de: {
    title: 'Gutschrift',
    procedure: 'Abrechnung im Gutschriftverfahren (§ 14 Abs. 2 Satz 2 UStG)',
    supplier: 'Leistender (Gutschriftempfänger)',
    recipient: 'Leistungsempfänger (Aussteller der Gutschrift)',
    taxNumber: 'Steuernummer: {value}',
    vatId: 'USt-IdNr.: {value}',
    agencyNumber: 'Agenturnummer: {value}',
    number: 'Gutschriftnummer',
    date: 'Gutschriftdatum',
    period: 'Leistungszeitraum',
    service: 'Leistung',
    serviceText: '{count} vermittelte Aufträge: Provision für die Vermittlung von Aufträgen',
    position: 'Pos.',
    order: 'Auftragsnummer',
    orderDate: 'Auftragsdatum',
    product: 'Produkt',
    commission: 'Provision (netto)',
    net: 'Nettobetrag (Steuersatz {rate} %)',
    vat: 'Umsatzsteuer {rate} %',
    gross: 'Gesamtbetrag (brutto)',
    payment: 'Der Gesamtbetrag wird auf das Konto {iban} ({holder}) überwiesen.',
    paymentNoAccount:
      'Der Gesamtbetrag wird überwiesen, sobald die Agentur eine Bankverbindung hinterlegt hat.',
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
    agencyNumber: 'Agency number: {value}',
    number: 'Credit note number',
    date: 'Credit note date',
    period: 'Period of service',
    service: 'Service',
    serviceText: '{count} orders placed: commission for placing orders',
    position: 'No.',
    order: 'Order number',
    orderDate: 'Order date',
    product: 'Product',
    commission: 'Commission (net)',
    net: 'Net amount (tax rate {rate} %)',
    vat: 'VAT {rate} %',
    gross: 'Total (gross)',
    payment: 'The total is transferred to the account {iban} ({holder}).',
    paymentNoAccount: 'The total is transferred once the agency has stored a bank account.',
    objection: 'Please check this credit note and object at once if you do not agree with it.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type InvoiceTextKey = keyof (typeof TEXTS)['de'];

export function invoiceText(
  language: Language,
  key: InvoiceTextKey,
  values: Record<string, string | number> = {},
): string {
  const template: string = TEXTS[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
