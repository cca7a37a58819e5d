import type { FromSchema } from 'json-schema-to-ts';
import { faqPropsSchema } from '../../schemas/blocks/Faq.ts';

export { faqPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type FaqProps = FromSchema<typeof faqPropsSchema, { keepDefaultedPropertiesOptional: true }>;
