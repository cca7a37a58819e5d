import { isEmailAddress } from './forms/fields.ts';

/**
 * The contact form (Kontakt, SPEC 2 and 7): wire shapes and field rules, one check for the runtime form
 * and the server. Field names in SPEC's German style, like the other forms.
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

export const CONTACT_LIMITS = { Name: 100, Email: 254, Betreff: 150, Nachricht: 5000 } as const;

export type ContactField = keyof typeof CONTACT_LIMITS;
export const CONTACT_FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];

export type ContactFieldProblem = 'required' | 'invalid' | 'tooLong';

/** What is wrong with each field (only fields with a problem are listed), in form order. */
export function contactFieldProblems(
  values: Readonly<Record<ContactField, string>>,
): Partial<Record<ContactField, ContactFieldProblem>> {
  const problems: Partial<Record<ContactField, ContactFieldProblem>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > CONTACT_LIMITS[field]) problems[field] = 'tooLong';
    else if (field === 'Email' && !isEmailAddress(value)) problems[field] = 'invalid';
  }
  return problems;
}

/** Contact messages hold personal data; they are deleted this many weeks after they arrived. */
export const CONTACT_MESSAGE_RETENTION_WEEKS = 12;
