import type { FastifyRequest } from 'fastify';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { MandantRegistry } from '../mandants/MandantRegistry.ts';

/**
 * Where a mail's links point. A request that came in on one of the mandant's own hosts (its `hosts`,
 * `NAME.localhost`, or localhost for the default mandant — so in development the request host with its
 * port) keeps its origin. Any other Host header is not trusted: a forged one must not turn a reset link
 * into a link to someone else's site. Then the mandant's first configured host is used.
 */
export function mailOrigin(
  mandants: Pick<MandantRegistry, 'forHost'>,
  request: FastifyRequest | undefined,
  mandant: LoadedMandant,
): string {
  if (request && mandants.forHost(request.host)?.id === mandant.id) {
    return `${request.protocol}://${request.host}`;
  }
  return defaultOrigin(mandant);
}

export function defaultOrigin(mandant: LoadedMandant): string {
  const host = mandant.config.hosts[0];
  return host ? `https://${host}` : `http://${mandant.id}.localhost`;
}

/** The sender of a mandant's mails: its programme name, and no-reply at its first host. */
export function mailSender(mandant: LoadedMandant): { name: string; address: string } {
  const domain = mandant.config.hosts[0] ?? `${mandant.id}.localhost`;
  return { name: mandant.config.name, address: `no-reply@${domain}` };
}
