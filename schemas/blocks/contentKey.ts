/** The id of a content entry, key visual or footnote group (schemas/content.ts), not an i18n key. */
export const contentKey = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9-]{0,63}$',
  description: 'content id (mandants/NAME/content/ or the CMS)',
} as const;
