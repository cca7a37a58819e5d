import { blockImage, sectionAnchor } from './blockImage.ts';
import { textKey } from './common.ts';
import { categoryPath } from './ProductCategory.ts';

/**
 * The product categories on the home page (SPEC 2, Homepage), shown when the mandant's
 * ShowProductCategory is on. Each card links to a category page by its Pfad. Texts are i18n keys and the
 * card's picture an asset of the page, so the home page needs no product call before its first paint
 * (DESIGN, front-end budget).
 */
export const productOverviewPropsSchema = {
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
        required: ['category', 'title'],
        properties: {
          category: categoryPath,
          title: textKey,
          text: textKey,
          badge: textKey,
          image: blockImage,
        },
      },
    },
  },
} as const;
