import { routeName, routeParams, textKey } from './common.ts';

/** A grid of teaser cards (e.g. product categories), each optionally linking to a route. */
export const teaserGridPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    headline: textKey,
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
        },
      },
    },
  },
} as const;
