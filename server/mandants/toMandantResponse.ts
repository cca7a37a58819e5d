import type { PageFile } from '../../domain/merge.ts';
import {
  MANDANT_ASSETS_PREFIX,
  type MandantConfig,
  type MandantResponse,
  type Theme,
} from '../../schemas/api.ts';

/**
 * The public configuration: no hosts, no default flag, no programme or SSO settings (agency, back office), and of the
 * content source only the provider (its URL, app and credential variable names stay on the server).
 * Theme asset names become URLs.
 */
export function toMandantResponse(
  id: string,
  config: MandantConfig,
  pages: Record<string, PageFile>,
): MandantResponse {
  const {
    content,
    hosts: _hosts,
    default: _default,
    programme: _programme,
    agencySso: _agencySso,
    backofficeSso: _backofficeSso,
    theme,
    ...rest
  } = config;
  return { ...rest, id, theme: publicTheme(id, theme), content: { provider: content.provider }, pages };
}

function publicTheme(id: string, theme: Theme): Theme {
  const result: Theme = { ...theme };
  if (theme.logo) result.logo = { ...theme.logo, src: mandantAssetUrl(id, theme.logo.src) };
  if (theme.favicon) result.favicon = mandantAssetUrl(id, theme.favicon);
  return result;
}

export function mandantAssetUrl(id: string, file: string): string {
  return `${MANDANT_ASSETS_PREFIX}/${encodeURIComponent(id)}/${file.split('/').map(encodeURIComponent).join('/')}`;
}
