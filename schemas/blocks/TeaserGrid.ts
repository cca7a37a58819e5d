import { blockImage, sectionAnchor } from './blockImage.ts';
import { routeName, routeParams, textKey } from './common.ts';

/** A grid of teaser cards (e.g. product categories), each optionally with a picture and a link to a route. */
export const teaserGridPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    headline: textKey,
    anchor: sectionAnchor,
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: textKey,
          text: textKey,
          badge: textKey,
          route: routeName,
          params: routeParams,
          linkLabel: textKey,
          image: blockImage,
        },
      },
    },
  },
} as const;
