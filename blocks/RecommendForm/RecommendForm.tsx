import { memo, Suspense, useId } from 'react';
import {
  preloadSchemaForm,
  RouteLink,
  useLocation,
  useMandant,
  useRoute,
  useT,
} from '../../runtime/index.ts';
import type { MandantResponse } from '../../schemas/api.ts';
import type { RecommendFormVariant } from '../../schemas/recommendForm.ts';
import panel from '../shared/Panel.module.css';
import { ProductSummary } from './ProductSummary.tsx';
import styles from './RecommendForm.module.css';
import { RecommendFormBody, type RecommendFormBodyProps } from './RecommendFormBody.tsx';
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
 * The product summary behind a boundary of its own, memoised: while the browser hydrates the server's
 * summary and waits for the product, a re-render of the form (new texts, the restored session) must not
 * reach the boundary, or React would drop the server's markup for the empty fallback and the form would jump.
 */
const ProductSummarySlot = memo(function ProductSummarySlot({ productId }: { productId: string }) {
  return (
    <Suspense fallback={null}>
      <ProductSummary productId={productId} />
    </Suspense>
  );
});

/**
 * The form behind a boundary of its own, memoised like the summary. While the form waits for its campaigns
 * (a page rendered in the browser only) it keeps a screen's room, so what follows is out of sight until
 * the form takes its place.
 */
const FormSlot = memo(function FormSlot(props: RecommendFormBodyProps) {
  return (
    <Suspense fallback={<FormPending />}>
      <RecommendFormBody {...props} />
    </Suspense>
  );
});

function FormPending() {
  const t = useT();
  return (
    <div className={`${styles.form} ${styles.pending}`}>
      <p role="status">{t('recommend.form.loading')}</p>
    </div>
  );
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
  // The form's chunk loads while the form still waits for its setup (captcha, campaigns).
  if (product && isVariantEnabled(variant, mandant)) preloadSchemaForm();
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
            <ProductSummarySlot productId={product} />
            <FormSlot variant={variant} productId={product} labelledBy={headingId} />
          </>
        )}
      </div>
    </section>
  );
}
