import { textKey } from './common.ts';

/**
 * The invited customer's page (InvitationRegistration, the link of the agency's invitation mail): greets the
 * customer by name, then a password, its confirmation and the terms box complete the registration as a
 * recommender of the inviting agency; it logs in and leads to the personal area. An unknown, expired or used
 * link says so and offers the login.
 */
export const invitationRegistrationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    headline: textKey,
    intro: textKey,
  },
} as const;
