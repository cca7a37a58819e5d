import { useId } from 'react';
import { useManufacturers, useT } from '../../runtime/index.ts';
import styles from './ProductCategory.module.css';

export interface ManufacturerFilterProps {
  /** The GeraeteTyp of the device page. */
  categoryCode: string;
  value: string;
  onChange: (manufacturer: string) => void;
}

/** Narrows a device page to one manufacturer; an empty value shows all of them. */
export function ManufacturerFilter({ categoryCode, value, onChange }: ManufacturerFilterProps) {
  const t = useT();
  const id = useId();
  const { result } = useManufacturers(categoryCode);
  // Without the list the page still works unfiltered; the product list reports its own failures.
  if (!result.ok || result.data.length < 2) return null;
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{t('products.manufacturer.label')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('products.manufacturer.all')}</option>
        {result.data.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
