import { type FormEvent, useId, useMemo, useRef, useState, useTransition } from 'react';
import {
  FailureMessage,
  type FieldWording,
  productImageUrl,
  RouteLink,
  SubmitButton,
  useAgentSearch,
  useProductApiBase,
  useSchemaCheck,
  useT,
} from '../../runtime/index.ts';
import { AGENT_PAGE_SIZE } from '../../schemas/constants.ts';
import { type Agent, agentName } from '../../schemas/products.ts';
import deck from '../shared/CardDeck.module.css';
import { Picture } from '../shared/Picture.tsx';
import { TextField } from '../shared/TextField.tsx';
import styles from './AgentList.module.css';
import type { AgentListProps } from './schema.ts';

/**
 * The agent list (SPEC 7: Produkt/berater, page size 6): search by name, post code or city (the form
 * schemas/forms/agentSearch.ts), page through the result, and recommend an agent — the agent is the "product"
 * of produktApi 'agent list'. It sits on the utility's home page, a first-paint route, so its search is
 * checked with useSchemaCheck rather than rjsf (docs/adr/0016-one-form-mechanism.md). New results replace the
 * old ones only when they have arrived (a transition), so the controls keep their focus.
 */
export function AgentList({ headline = 'agents.headline', intro = 'agents.intro', anchor }: AgentListProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState({ query: '', page: 1 });
  const [loading, startTransition] = useTransition();
  const { result, retry } = useAgentSearch(search.query, search.page, AGENT_PAGE_SIZE);
  const show = (next: { query: string; page: number }) => startTransition(() => setSearch(next));
  const label = t('agents.search.label');
  // An over-long search is the only problem it can have: SPEC 5's '{field} ist nicht gültig'.
  const wording = useMemo<Record<string, FieldWording>>(() => ({ query: { label } }), [label]);
  const { problems, check } = useSchemaCheck('agentSearch', wording);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = (input.current?.value ?? '').trim();
    if (await check({ query })) show({ query, page: 1 });
  }

  return (
    <section id={anchor} className={styles.agents} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h2 id={`${id}-headline`}>{t(headline)}</h2>
        <p>{t(intro)}</p>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023 */}
        <form
          role="search"
          aria-label={t('agents.search.name')}
          className={styles.search}
          onSubmit={submit}
          noValidate
        >
          <TextField
            id={`${id}-query`}
            label={label}
            error={problems.fields.query ?? null}
            inputRef={input}
            type="search"
            name="query"
            autoComplete="off"
            required={false}
          />
          <SubmitButton label="agents.search.submit" busy={false} />
        </form>
        <div aria-busy={loading || undefined}>
          {result.ok ? (
            <>
              <p role="status" className={deck.muted}>
                {result.data.TotalCount === 0
                  ? t('agents.none')
                  : `${t('agents.results', { count: result.data.TotalCount })} ${t('agents.page', {
                      page: search.page,
                      pages: result.data.PageCount,
                    })}`}
              </p>
              <ul className={deck.deck}>
                {result.data.Content.map((agent) => (
                  <AgentCard key={agent.ExterneId} agent={agent} />
                ))}
              </ul>
              {result.data.PageCount > 1 && (
                <nav className={styles.pages} aria-label={t('agents.pagination.label')}>
                  <button
                    type="button"
                    className={`button ${styles.pageButton}`}
                    disabled={search.page <= 1}
                    onClick={() => show({ ...search, page: search.page - 1 })}
                  >
                    {t('agents.previous')}
                  </button>
                  <span>{t('agents.page', { page: search.page, pages: result.data.PageCount })}</span>
                  <button
                    type="button"
                    className={`button ${styles.pageButton}`}
                    disabled={!result.data.HasNext}
                    onClick={() => show({ ...search, page: search.page + 1 })}
                  >
                    {t('agents.next')}
                  </button>
                </nav>
              )}
            </>
          ) : (
            <FailureMessage error={result.error} onRetry={retry} />
          )}
        </div>
      </div>
    </section>
  );
}

function AgentCard({ agent }: { agent: Agent }) {
  const t = useT();
  const base = useProductApiBase();
  const name = agentName(agent);
  return (
    <li className={deck.card}>
      <Picture
        className={styles.photo}
        src={productImageUrl(base, agent.ExterneId, 'grafik')}
        alt={t('agents.photo', { name })}
        width={160}
        height={160}
      />
      <h3>{name}</h3>
      <p className={deck.muted}>
        {agent.ZipCode} {agent.City}
      </p>
      <div className={deck.action}>
        <RouteLink
          to="Recommendation"
          params={{ productId: agent.ExterneId }}
          className="button"
          aria-label={`${t('agents.recommend')}: ${name}`}
        >
          {t('agents.recommend')}
        </RouteLink>
      </div>
    </li>
  );
}
