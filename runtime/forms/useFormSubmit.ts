import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import type { ErrorCode } from '../../schemas/errors.ts';
import { ApiRequestError } from '../api/ApiRequestError.ts';
import { errorKey } from '../i18n/loadErrorMessages.ts';
import { useT } from '../i18n/useT.ts';

/** The code of a failed call (PSOF0001 for anything that is not an API answer: offline, a bug). */
export function failureCode(error: unknown): ErrorCode {
  return error instanceof ApiRequestError ? error.code : 'PSOF0001';
}

/** A failed call's message in the current language (the server's own text while the catalogue loads). */
export function failureMessage(t: TFunction, error: unknown): string {
  const fallback = error instanceof ApiRequestError ? error.message : '';
  return t(errorKey(failureCode(error)), { defaultValue: fallback });
}

export type SubmitOutcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; error: unknown };

export interface FormSubmit {
  /** A call is under way: the submit button says so and a second submit is ignored. */
  busy: boolean;
  /** The last failed call's message (SPEC 5 catalogue, translated), shown as the form's alert; or null. */
  failure: string | null;
  /**
   * Runs the form's call once at a time. A failure becomes `failure` (unless `wordFailure` words it itself,
   * e.g. as a field's message, and returns null); the outcome tells the caller what happened.
   */
  run<T>(
    call: () => Promise<T>,
    wordFailure?: (code: ErrorCode, error: unknown) => string | null | undefined,
  ): Promise<SubmitOutcome<T> | undefined>;
  /** Sets or clears the alert by hand (e.g. a new attempt clears it). */
  setFailure(message: string | null): void;
  /** Server answers that belong to one field (`fieldOfCode`), by field: SchemaForm shows them at the field. */
  fieldFailures: Readonly<Record<string, string>>;
}

export interface FormSubmitOptions {
  /** Codes the server answers about one field (e.g. PSOF0242 at the IBAN): shown there, not in the alert. */
  fieldOfCode?: Partial<Record<ErrorCode, string>>;
}

/**
 * The one submit state of every form (rjsf's SchemaForm and the first-paint forms alike): busy, the failed
 * call's message, one call at a time. Field problems are the form's own (its JSON Schema); this is what the
 * server answered.
 */
export function useFormSubmit(options: FormSubmitOptions = {}): FormSubmit {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldFailures, setFieldFailures] = useState<Readonly<Record<string, string>>>({});
  const { fieldOfCode } = options;
  const running = useRef(false);

  const run = useCallback(
    async <T>(
      call: () => Promise<T>,
      wordFailure?: (code: ErrorCode, error: unknown) => string | null | undefined,
    ): Promise<SubmitOutcome<T> | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setFailure(null);
      setFieldFailures({});
      try {
        const value = await call();
        return { ok: true, value };
      } catch (error) {
        const code = failureCode(error);
        const field = fieldOfCode?.[code];
        if (field) {
          setFieldFailures({ [field]: failureMessage(t, error) });
          return { ok: false, code, error };
        }
        const worded = wordFailure?.(code, error);
        setFailure(worded === undefined ? failureMessage(t, error) : worded);
        return { ok: false, code, error };
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t, fieldOfCode],
  );

  return { busy, failure, run, setFailure, fieldFailures };
}
