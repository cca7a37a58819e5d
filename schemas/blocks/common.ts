/** Pieces shared by block props schemas. Text props are i18n keys, resolved by the runtime with i18next. */
export const textKey = { type: 'string', minLength: 1, description: 'i18n key' } as const;
export const routeName = {
  type: 'string',
  pattern: '^[A-Z][A-Za-z]+$',
  description: 'a route name',
} as const;
/** Values of a route's `:param` placeholders, e.g. `{ "productId": "101" }` for `/empfehlen/:productId`. */
export const routeParams = {
  type: 'object',
  additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
  description: 'values of the route path parameters',
} as const;
export const link = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'route'],
  properties: { label: textKey, route: routeName, params: routeParams },
} as const;
/**
 * Whose session a block handles: a recommender's account (default) or an agency user's (issue 14: the
 * password blocks' agentur/passwort* calls, the logout of the agency session, the agency pages' links).
 */
export const sessionAudience = {
  type: 'string',
  enum: ['recommender', 'agency'],
  default: 'recommender',
  description: 'recommender: the account calls; agency: the agency staff calls and pages',
} as const;
