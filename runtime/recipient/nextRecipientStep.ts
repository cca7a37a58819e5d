import type { RecipientOrder } from '../../schemas/recipient.ts';

/** The recipient journey's pages after the data form, as route names. */
export type RecipientStep = 'RecipientConsent' | 'BankDetailsRecipient' | 'RecipientConfirmation';

/**
 * Where a recipient who already gave their data goes on: consent first (it confirms the data), then the
 * bank data where the mandant stores it (ModuleStoringBankdata), then the confirmation.
 */
export function nextRecipientStep(
  order: Pick<RecipientOrder, 'Zustimmung' | 'Bankdaten' | 'BankdatenErforderlich'>,
): RecipientStep {
  if (!order.Zustimmung) return 'RecipientConsent';
  if (order.BankdatenErforderlich && order.Bankdaten === null) return 'BankDetailsRecipient';
  return 'RecipientConfirmation';
}
