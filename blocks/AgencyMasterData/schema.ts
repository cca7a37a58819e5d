import type { FromSchema } from 'json-schema-to-ts';
import { agencyMasterDataPropsSchema } from '../../schemas/blocks/AgencyMasterData.ts';

export { agencyMasterDataPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyMasterDataProps = FromSchema<
  typeof agencyMasterDataPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
