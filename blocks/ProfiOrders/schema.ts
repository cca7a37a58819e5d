import type { FromSchema } from 'json-schema-to-ts';
import { profiOrdersPropsSchema } from '../../schemas/blocks/ProfiOrders.ts';

export { profiOrdersPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiOrdersProps = FromSchema<
  typeof profiOrdersPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
