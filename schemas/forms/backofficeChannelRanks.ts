import { CHANNEL_MODULES, type ChannelModule } from '../api.ts';
import mandantSchema from '../mandant.schema.json' with { type: 'json' };

/**
 * The channel ranks of a mandant (issue 15, settings without a deploy): the Module* share channels of
 * mandant.json, each property taken as it is from schemas/mandant.schema.json (integer, -1 hides the channel,
 * lower ranks come first). The back office's override of the ranks is validated by this schema on the server
 * (server/backoffice/settings) and edited with it in the BackofficeSettings block's SchemaForm.
 */
export const backofficeChannelRanksSchema = {
  $id: 'backofficeChannelRanks',
  type: 'object',
  title: 'Channel ranks',
  additionalProperties: false,
  required: [...CHANNEL_MODULES],
  properties: Object.fromEntries(
    CHANNEL_MODULES.map((module) => {
      const { default: _default, ...property } = mandantSchema.properties[module];
      return [module, property];
    }),
  ) as Record<ChannelModule, { type: 'integer'; minimum: number; title: string; description: string }>,
} as const;

export type BackofficeChannelRanks = Record<ChannelModule, number>;
