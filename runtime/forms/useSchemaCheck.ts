import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import type { FieldWording } from './formErrors.ts';
import type { FormName } from './formSchemas.ts';
import { type FormProblems, loadValidate, NO_PROBLEMS, wordProblems } from './validateForm.ts';

export interface SchemaCheck {
  /** The problems of the last attempt (none before the first). */
  problems: FormProblems;
  /** Counts refused attempts, so the error summary takes the focus again after each one. */
  attempt: number;
  /** Checks the data against the form's schema; true when it may be sent. */
  check(data: unknown): Promise<boolean>;
  /** Adds a problem the server found at a field (e.g. PSOF0303 at the e-mail). */
  addProblem(field: string, message: string): void;
}

/**
 * The form mechanism for the forms on a first-paint route (the recipient landing), where rjsf's 89 KiB would
 * break the budget: the same schema (schemas/forms/), the same precompiled validator and the same SPEC 5
 * wording as SchemaForm, rendered with the block's own accessible fields. docs/adr/0016-one-form-mechanism.md.
 */
export function useSchemaCheck(form: FormName, wording: Readonly<Record<string, FieldWording>>): SchemaCheck {
  const t = useT();
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Loaded while the user types, so the first submit does not wait for it.
    void loadValidate(form).catch(() => undefined);
  }, [form]);

  const check = useCallback(
    async (data: unknown) => {
      const found = wordProblems(await loadValidate(form), data, t, wording);
      setProblems(found);
      if (found.summary.length > 0) setAttempt((count) => count + 1);
      return found.summary.length === 0;
    },
    [form, t, wording],
  );

  const addProblem = useCallback((field: string, message: string) => {
    setProblems((current) => ({
      fields: { ...current.fields, [field]: message },
      summary: [...current.summary.filter((entry) => entry.field !== field), { field, message }],
    }));
    setAttempt((count) => count + 1);
  }, []);

  return { problems, attempt, check, addProblem };
}
