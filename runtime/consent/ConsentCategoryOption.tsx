import type { Tracking } from '../../schemas/api.ts';
import { useT } from '../i18n/useT.ts';
import styles from './Consent.module.css';
import type { ConsentCategory } from './consentCategories.ts';
import { consentServices } from './consentServices.ts';

export interface ConsentCategoryOptionProps {
  category: ConsentCategory;
  checked: boolean;
  trackings: readonly Tracking[];
  onChange: (checked: boolean) => void;
}

/** One category: a checkbox (required: checked and disabled), its description and what it covers. */
export function ConsentCategoryOption({
  category,
  checked,
  trackings,
  onChange,
}: ConsentCategoryOptionProps) {
  const t = useT();
  const inputId = `consent-category-${category.id}`;
  const services = consentServices(category.id, trackings);
  return (
    <li className={styles.category}>
      <div className={styles.option}>
        <input
          id={inputId}
          type="checkbox"
          checked={category.required || checked}
          disabled={category.required}
          aria-describedby={`${inputId}-description`}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <label htmlFor={inputId}>
          {t(category.title)}
          {category.required && (
            <>
              {' '}
              <span className={styles.alwaysOn}>({t('consent.category.alwaysOn')})</span>
            </>
          )}
        </label>
      </div>
      <p id={`${inputId}-description`} className={styles.description}>
        {t(category.description)}
      </p>
      <details className={styles.details}>
        <summary>
          {t('consent.services.summary')}
          {/* Four summaries with the same text: screen readers hear which category each belongs to. */}
          <span className="visually-hidden"> – {t(category.title)}</span>
        </summary>
        {services.length === 0 ? (
          <p className={styles.description}>{t('consent.services.none')}</p>
        ) : (
          <ul className={styles.services}>
            {services.map((service) => (
              <li key={service.key}>
                <strong>{t(service.name, { name: service.cookie ?? '' })}</strong>
                {' – '}
                {t(service.purpose)}
                {service.host && <> {t('consent.service.provider', { host: service.host })}</>}
                {service.days !== undefined && <> {t('consent.service.duration', { days: service.days })}</>}
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}
