/**
 * The contact form (Kontakt, SPEC 2 and 7): wire shapes. Its field rules are the form's JSON Schema
 * (schemas/forms/contact.ts), which the runtime form and the server's route both validate with. Field names
 * in SPEC's German style, like the other forms.
 */
export interface ContactRequest {
  Name: string;
  Email: string;
  Betreff: string;
  Nachricht: string;
  /** ALTCHA payload (server/captcha/README.md); required when GET /kontakt?cmd=IsCaptchaRequired says so. */
  Captcha?: string;
}

/** GET /kontakt?cmd=IsCaptchaRequired */
export interface ContactCaptchaResponse {
  CaptchaErforderlich: boolean;
}

/** How long each text of the contact form may be (the form's schema, schemas/forms/contact.ts). */
export const CONTACT_LIMITS = { Name: 100, Betreff: 150, Nachricht: 5000 } as const;

/** Contact messages hold personal data; they are deleted this many weeks after they arrived. */
export const CONTACT_MESSAGE_RETENTION_WEEKS = 12;
