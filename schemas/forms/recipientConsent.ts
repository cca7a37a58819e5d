/**
 * The recipient's consent to terms and privacy (SPEC 2, RecipientTOSConsent / RecipientConsent): the box
 * AGBDatenschutzZustimmung must be ticked (SPEC 5: 'Dies ist ein Pflichtfeld.' / 'Die Zustimmung ist
 * erforderlich, um fortzufahren.'). What PUT /empfaenger/zustimmung receives is not the box but the text agreed
 * to, exactly as shown (server/routes/recipient/recipientSchemas.ts, consentBodySchema).
 */
export const recipientConsentSchema = {
  $id: 'recipientConsent',
  type: 'object',
  required: ['AGBDatenschutzZustimmung'],
  properties: {
    AGBDatenschutzZustimmung: { type: 'boolean', const: true },
  },
} as const;

/** What the form holds (the box starts unticked). */
export interface RecipientConsentForm {
  AGBDatenschutzZustimmung?: boolean;
}
