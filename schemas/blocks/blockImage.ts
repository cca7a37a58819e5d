import { link, textKey } from './common.ts';

/**
 * A picture a page names for a block: a file of the mandant's assets/ with its intrinsic size, so the
 * browser keeps its space before it has loaded it (no layout shift). Without `alt` it is decorative
 * (alt=""): use that where the picture only illustrates a text that stands beside it.
 */
export const blockImage = {
  type: 'object',
  additionalProperties: false,
  required: ['src', 'width', 'height'],
  properties: {
    src: { type: 'string', minLength: 1, description: "file name in the mandant's assets/" },
    alt: textKey,
    width: { type: 'integer', minimum: 1, maximum: 4000, description: 'intrinsic width in CSS pixels' },
    height: { type: 'integer', minimum: 1, maximum: 4000, description: 'intrinsic height in CSS pixels' },
  },
} as const;

/** The id of a section of the page that a link can lead to (`#id`): a Hero action's `section`. */
export const sectionAnchor = {
  type: 'string',
  pattern: '^[a-z][a-z0-9-]{0,39}$',
  description: 'id of this section on the page, for in-page links (a Hero action names it as `section`)',
} as const;

/**
 * An action that leads to a route (a link) or to a section of the same page by its anchor, e.g. the home
 * page's product overview where recommending starts.
 */
export const action = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: { ...link.properties, section: sectionAnchor },
  // ajv's strict mode wants each branch's required property declared in that branch as well.
  oneOf: [
    { required: ['route'], properties: { route: link.properties.route } },
    { required: ['section'], properties: { section: sectionAnchor } },
  ],
} as const;
