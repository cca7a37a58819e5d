import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Language } from '../../../schemas/constants.ts';
import { creditNoteDocument, pdfStream, percent } from '../../agency/invoices/invoicePdf.ts';
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
  const t = (key: string, values?: Record<string, string | number>) =>
    profiCreditNoteText(language, key as Parameters<typeof profiCreditNoteText>[1], values);
  const smallBusiness = note.steuerstatus === 'kleinunternehmer';
  const rate = percent(note.ustSatzPromille);
  return creditNoteDocument({
    language,
    t,
    number: note.Nummer,
    date: note.Rechnungsdatum,
    month: note.Monat,
    serviceEnd: note.Leistungsende,
    supplier: note.parteien.Leistender,
    supplierNumber: t('sellerNumber', { value: note.parteien.Leistender.Profinummer }),
    recipient: note.parteien.Empfaenger,
    lines: note.positionen,
    commissionHeader: t(smallBusiness ? 'commission' : 'commissionNet'),
    totals: smallBusiness
      ? [
          [t('sum'), note.NettoCent],
          [t('gross'), note.BruttoCent],
        ]
      : [
          [t('net', { rate }), note.NettoCent],
          [t('vat', { rate }), note.UstCent],
          [t('grossVat'), note.BruttoCent],
        ],
    notes: smallBusiness ? [t('smallBusiness')] : [],
  });
}

/** The credit note as a PDF stream. */
export function profiCreditNotePdfStream(note: StoredProfiCreditNote, language: Language) {
  return pdfStream(profiCreditNoteDocument(note, language));
}
