/** Route names linked in the footer, in this order, when the mandant has them (legal and service pages). */
export const LEGAL_ROUTES = [
  'Imprint',
  'Privacy',
  'TOS',
  'ParticipationTerms',
  'Accessibility',
  'Contact',
  'Faq',
] as const;
