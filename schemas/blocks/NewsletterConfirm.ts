/**
 * The newsletter pages of the mail's links (SPEC 2, NewsletterOptin / NewsletterOptout: Optin, Optout):
 * confirm the subscription, or withdraw it (with the link's token, or logged in). The page's h1.
 */
export const newsletterConfirmPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: { mode: { type: 'string', enum: ['optin', 'optout'] } },
} as const;
