export { AgencyMasterData } from './AgencyMasterData.tsx';
export { type AgencyMasterDataProps, agencyMasterDataPropsSchema } from './schema.ts';
