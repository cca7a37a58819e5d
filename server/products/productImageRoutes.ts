import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../http/ApiProblem.ts';
import { errorResponses, type MandantParams } from '../http/mandantParam.ts';
import type { ProductImage } from './ProductImages.ts';
import { productContext, productId, productKinds } from './productContext.ts';
import { categoryIdParamsSchema, idParamsSchema } from './productSchemas.ts';
import { requireSource } from './productSource.ts';

/** Images change only with a deployment; a day in the browser cache, then a cheap 304 by ETag. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

const tags = ['products'];
const imageResponses = {
  200: { description: 'The image (SVG, PNG, JPEG or WebP).', type: 'string', format: 'binary' },
  ...errorResponses,
};

/**
 * SPEC section 7, product images: category picture and icon, product picture large and small, agent
 * photos. Records without an image of their own get the placeholder from _base/products/images/.
 */
export const productImageRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of ['grafik', 'icon'] as const) {
    app.get<{ Params: MandantParams & { id: number } }>(
      `/:mandant/produktkategorie/:id/${kind}`,
      {
        schema: {
          tags,
          summary: kind === 'grafik' ? 'Picture of a product category' : 'Icon of a product category',
          params: categoryIdParamsSchema,
          response: imageResponses,
        },
      },
      async (request, reply) => {
        const { source, catalogue } = productContext(
          app.mandants,
          app.productCatalogues,
          request.params.mandant,
        );
        requireSource(source, 'data-driven');
        const category = catalogue.category(request.params.id);
        if (!category) throw new ApiProblem('PSOF0101');
        const image =
          kind === 'grafik'
            ? catalogue.image(category.Grafik, 'category')
            : catalogue.image(category.Icon, 'icon');
        return sendImage(request, reply, image);
      },
    );
  }

  for (const kind of ['grafik', 'sgrafik'] as const) {
    app.get<{ Params: MandantParams & { id: string } }>(
      `/:mandant/produkt/:id/${kind}`,
      {
        schema: {
          tags,
          summary:
            kind === 'grafik'
              ? 'Picture of a product, or the photo of an agent (agent list)'
              : 'Small picture of a product (the large one when it has none), or the photo of an agent',
          params: idParamsSchema,
          response: imageResponses,
        },
      },
      async (request, reply) => {
        const { source, catalogue } = productContext(
          app.mandants,
          app.productCatalogues,
          request.params.mandant,
        );
        if (source === 'agent list') {
          const agent = catalogue.agent(request.params.id);
          if (!agent) throw new ApiProblem('PSOF0111');
          return sendImage(request, reply, catalogue.image(agent.Photo, 'product'));
        }
        const product = catalogue.product(productId(request.params.id), productKinds(source));
        if (!product) throw new ApiProblem('PSOF0110');
        const name = kind === 'grafik' ? product.Grafik : (product.SGrafik ?? product.Grafik);
        return sendImage(request, reply, catalogue.image(name, 'product'));
      },
    );
  }
};

function sendImage(request: FastifyRequest, reply: FastifyReply, image: ProductImage | undefined) {
  // Every named image and every placeholder was read at start; a gap here is a bug, not the client's.
  if (!image) throw new Error('product image missing although checked at start');
  reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', image.etag);
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}
