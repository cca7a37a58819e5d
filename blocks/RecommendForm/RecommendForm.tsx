import { Suspense, useId } from 'react';
import { RouteLink, useLocation, useMandant, useRoute, useT } from '../../runtime/index.ts';
import type { MandantResponse } from '../../schemas/api.ts';
import type { RecommendFormVariant } from '../../schemas/recommendForm.ts';
import panel from '../shared/Panel.module.css';
import { ProductSummary } from './ProductSummary.tsx';
import { RecommendFormBody } from './RecommendFormBody.tsx';
import type { RecommendFormProps } from './schema.ts';

const TEXTS: Record<RecommendFormVariant, { headline: string; intro: string }> = {
  standard: { headline: 'recommend.form.headline', intro: 'recommend.form.intro' },
  agent: { headline: 'recommend.agent.headline', intro: 'recommend.agent.intro' },
  company: { headline: 'recommend.company.headline', intro: 'recommend.company.intro' },
};

/** SPEC 3: agent and company recommendations exist only where their module is on. */
function isVariantEnabled(variant: RecommendFormVariant, mandant: MandantResponse): boolean {
  if (variant === 'agent') return mandant.ModuleAgentRecommendation;
  if (variant === 'company') return mandant.ModuleCompanyRecommendation;
  return true;
}

/**
 * The recommend page (SPEC 2, Recommendation / Empfehlen, AgentRecommendations / EmpfehlenAgent,
 * RecommendEmployee): what is recommended and the form. The product comes from the route (:productId), the
 * page (productId) or the query (?produkt=).
 */
export function RecommendForm({ headline, intro, variant = 'standard', productId }: RecommendFormProps) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const route = useRoute();
  const { search } = useLocation();
  const product =
    route.params.productId ?? productId ?? new URLSearchParams(search).get('produkt') ?? undefined;
  const texts = TEXTS[variant];
  const headingId = `${id}-headline`;
  return (
    <section className={panel.panel} aria-labelledby={headingId}>
      <div className="container">
        <h1 id={headingId}>{t(headline ?? texts.headline)}</h1>
        {!isVariantEnabled(variant, mandant) ? (
          <p>{t('recommend.form.unavailable')}</p>
        ) : !product ? (
          <>
            <p>{t('recommend.form.noProduct')}</p>
            <div className={panel.actions}>
              <RouteLink to="Homepage" className="button">
                {t('recommend.form.toProducts')}
              </RouteLink>
            </div>
          </>
        ) : (
          <>
            <p>{t(intro ?? texts.intro)}</p>
            <Suspense fallback={null}>
              <ProductSummary productId={product} />
            </Suspense>
            <RecommendFormBody variant={variant} productId={product} labelledBy={headingId} />
          </>
        )}
      </div>
    </section>
  );
}
