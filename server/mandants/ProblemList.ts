import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { closestMatch } from '../../domain/suggest.ts';
import { escapePointer } from '../http/escapePointer.ts';
import { type ConfigProblem, formatProblem, MandantConfigError } from './MandantConfigError.ts';

/** Collects problems while loading (deduplicated: a _base problem shows once, not once per mandant). */
export class ProblemList {
  readonly #problems = new Map<string, ConfigProblem>();

  constructor(private readonly cwd: string = process.cwd()) {}

  add(
    absoluteFile: string,
    pointer: string,
    reason: string,
    position?: { line: number; column: number },
    hint?: string,
    mandant?: string,
  ): void {
    const problem: ConfigProblem = {
      file: this.relative(absoluteFile),
      pointer,
      reason,
      ...position,
      ...(hint ? { hint } : {}),
      ...(mandant ? { mandant } : {}),
    };
    this.#problems.set(formatProblem(problem), problem);
  }

  /** Adds ajv errors; `prefix` is the pointer of the validated value inside the file. */
  addAjv(absoluteFile: string, errors: ErrorObject[] | null | undefined, prefix = ''): void {
    for (const error of errors ?? []) {
      const problem = describeAjvError(error);
      if (problem)
        this.add(absoluteFile, `${prefix}${problem.pointer}`, problem.reason, undefined, problem.hint);
    }
  }

  get size(): number {
    return this.#problems.size;
  }

  toError(): MandantConfigError {
    return new MandantConfigError([...this.#problems.values()]);
  }

  private relative(file: string): string {
    const relative = path.relative(this.cwd, file);
    return relative === '' ? '.' : relative;
  }
}

/** ajv's messages name the parent object; onboarding staff want the property itself in the pointer. */
export function describeAjvError(
  error: ErrorObject,
): { pointer: string; reason: string; hint?: string } | undefined {
  const params = error.params as Record<string, unknown>;
  // propertyNames reports twice: once generically, once with the failing name. Keep the specific one.
  if (error.keyword === 'propertyNames') return undefined;
  if (error.propertyName !== undefined) {
    return {
      pointer: `${error.instancePath}/${escapePointer(error.propertyName)}`,
      reason: `property name ${error.message ?? 'is invalid'}`,
    };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const known = knownProperties(error.parentSchema);
    const closest = closestMatch(params.additionalProperty, known);
    return {
      pointer: `${error.instancePath}/${escapePointer(params.additionalProperty)}`,
      reason: `unknown property "${params.additionalProperty}"`,
      hint: closest ? `did you mean "${closest}"?` : `allowed here: ${known.join(', ')}`,
    };
  }
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return {
      pointer: `${error.instancePath}/${escapePointer(params.missingProperty)}`,
      reason: 'required property is missing',
    };
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const closest =
      typeof error.data === 'string' ? closestMatch(error.data, params.allowedValues.map(String)) : undefined;
    return {
      pointer: error.instancePath,
      reason: `must be one of: ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`,
      ...(closest ? { hint: `did you mean "${closest}"?` } : {}),
    };
  }
  return { pointer: error.instancePath, reason: error.message ?? 'is invalid' };
}

/** Property names the schema at the error allows (ajv's `verbose` option supplies `parentSchema`). */
function knownProperties(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return [];
  const properties = (schema as { properties: unknown }).properties;
  return typeof properties === 'object' && properties !== null
    ? Object.keys(properties).filter((key) => key !== '$schema')
    : [];
}
