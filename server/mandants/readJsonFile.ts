import { readFile } from 'node:fs/promises';
import type { ProblemList } from './ProblemList.ts';

/**
 * Reads and parses a JSON file. On failure records a problem (syntax errors with line and column) and
 * returns undefined, so loading goes on and reports every broken file at once.
 */
export async function readJsonFile(file: string, problems: ProblemList): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    problems.add(file, '', `cannot read file: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { reason, position } = describeSyntaxError(message, text);
    problems.add(file, '', `invalid JSON: ${reason}`, position);
    return undefined;
  }
}

/** V8 reports a character offset ("… in JSON at position 42", sometimes with line and column). */
export function describeSyntaxError(
  message: string,
  text: string,
): { reason: string; position: { line: number; column: number } } {
  const reason = message
    .replace(/\s*\(line \d+ column \d+\)\s*$/, '')
    .replace(/\s+in JSON at position \d+.*$/, '')
    .replace(/^JSON\.parse: /, '');
  const offsetMatch = /at position (\d+)/.exec(message);
  const offset = offsetMatch ? Number(offsetMatch[1]) : text.length;
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = (before.at(-1)?.length ?? 0) + 1;
  return { reason, position: { line, column } };
}
