import { textKey } from './common.ts';

/**
 * The agency's invitation tool (SPEC 2 agency area, ability invitations): tabs for the invitation form, the
 * invitations, the recommenders, the leads, status and order release, and an overview. The page's h1.
 */
export const agencyInvitationToolPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
