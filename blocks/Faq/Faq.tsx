import { useId, useState } from 'react';
import { useFaq, useT } from '../../runtime/index.ts';
import { type ContentLinks, type FaqItem, sanitizeDocument } from '../../schemas/content.ts';
import { ContentUnavailable } from '../shared/richText/ContentUnavailable.tsx';
import { FootnoteList } from '../shared/richText/FootnoteList.tsx';
import {
  type NumberedFootnote,
  numberFootnotes,
  type ReferencedFootnotes,
} from '../shared/richText/footnoteNumbers.ts';
import { RichText } from '../shared/richText/RichText.tsx';
import styles from './Faq.module.css';
import type { FaqProps } from './schema.ts';
import { searchFaq } from './searchFaq.ts';

/**
 * The FAQ (SPEC 2, Faq) from the mandant's content provider: a search over questions and answers, then
 * one section per category with its questions as accordions (WAI-ARIA accordion pattern: a button in a
 * heading controls its answer region). The number of hits is announced while typing.
 */
export function Faq({ headline, intro, search = true, level = 1 }: FaqProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  const Category = level === 1 ? 'h2' : 'h3';
  const t = useT();
  const id = useId();
  const result = useFaq();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  if (!result.ok) {
    return (
      <section className={styles.faq} aria-labelledby={`${id}-title`}>
        <div className="container">
          <Title id={`${id}-title`}>{t(headline)}</Title>
          <ContentUnavailable code={result.code} />
        </div>
      </section>
    );
  }
  const { categories, links } = result.data;
  const items = result.data.items.map((item) => ({ ...item, answer: sanitizeDocument(item.answer) }));
  const footnotes = numberFootnotes(
    items.map((item) => item.answer),
    links,
  );
  const hits = searchFaq(items, query);
  const referenced: ReferencedFootnotes = new Set();
  const searching = query.trim() !== '';
  const toggle = (itemId: string) => {
    const next = new Set(open);
    if (!next.delete(itemId)) next.add(itemId);
    setOpen(next);
  };

  return (
    <section className={styles.faq} aria-labelledby={`${id}-title`}>
      <div className="container">
        <Title id={`${id}-title`}>{t(headline)}</Title>
        {intro && <p className={styles.intro}>{t(intro)}</p>}
        {search && (
          <div className={styles.search}>
            <label htmlFor={`${id}-search`} className={styles.label}>
              {t('faq.search.label')}
            </label>
            <input
              id={`${id}-search`}
              className={styles.input}
              type="search"
              value={query}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
            <p className={styles.count} aria-live="polite">
              {searching &&
                (hits.length > 0 ? t('faq.search.results', { count: hits.length }) : t('faq.search.none'))}
            </p>
          </div>
        )}
        {categories.map((category) => {
          const inCategory = hits.filter((item) => item.category === category.id);
          if (inCategory.length === 0) return null;
          const headingId = `${id}-category-${category.id}`;
          return (
            <section key={category.id} className={styles.category} aria-labelledby={headingId}>
              <Category id={headingId}>{category.title}</Category>
              {inCategory.map((item) => (
                <FaqQuestion
                  key={item.id}
                  item={item}
                  scope={id}
                  links={links}
                  footnotes={footnotes}
                  referenced={referenced}
                  level={level}
                  expanded={open.has(item.id)}
                  onToggle={() => toggle(item.id)}
                />
              ))}
            </section>
          );
        })}
        <FootnoteList footnotes={footnotes} scope={id} headingLevel={level === 1 ? 2 : 3} />
      </div>
    </section>
  );
}

interface FaqQuestionProps {
  item: FaqItem;
  scope: string;
  links: ContentLinks;
  footnotes: readonly NumberedFootnote[];
  referenced: ReferencedFootnotes;
  /** The FAQ's headline level; questions sit two below it. */
  level: 1 | 2;
  expanded: boolean;
  onToggle: () => void;
}

function FaqQuestion({
  item,
  scope,
  links,
  footnotes,
  referenced,
  level,
  expanded,
  onToggle,
}: FaqQuestionProps) {
  const Question = level === 1 ? 'h3' : 'h4';
  const buttonId = `${scope}-q-${item.id}`;
  const panelId = `${scope}-a-${item.id}`;
  return (
    <div className={styles.item}>
      <Question className={styles.question}>
        <button
          id={buttonId}
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {item.question}
        </button>
      </Question>
      <section id={panelId} aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
        <RichText
          document={item.answer}
          links={links}
          headingLevel={level === 1 ? 3 : 4}
          footnotes={footnotes}
          scope={scope}
          referenced={referenced}
        />
      </section>
    </div>
  );
}
