/**
 * The onboarding command line: `npm run mandant -- new NAME | validate [NAME] | preview NAME`.
 * Problems are found here, with file path, JSON pointer, reason and hint — not in a user's browser.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import mandantSchema from '../../schemas/mandant.schema.json' with { type: 'json' };
import { formatProblem } from '../mandants/MandantConfigError.ts';
import { validateMandants } from '../mandants/validateMandants.ts';
import { PRODUCT_SOURCES, type ProductSource, scaffoldMandant, type ToFill } from './scaffoldMandant.ts';
import { renderSchemaReference } from './schemaReference.ts';

const MANDANTS_DIR = path.resolve(process.env.MANDANTS_DIR || './mandants');
const USAGE = `usage: npm run mandant -- <command>

  new NAME [SOURCE]  create mandants/NAME from _base with placeholders and print what is left to fill in;
                   SOURCE is the product source: generic (default), "agent list" or data-driven
  validate [NAME]  check every mandant (or only report NAME's problems): config, pages, texts, theme
  preview NAME     validate, build the runtime into DIST_DIR if it is missing, and start the product with NAME
                   as the default mandant on PORT (8080), data in DATA_DIR (./data); prints NAME's demo logins
  docs             regenerate docs/mandant-reference.md from schemas/mandant.schema.json`;

async function run(argv: string[]): Promise<number> {
  const [command, name, ...rest] = argv;
  switch (command) {
    case 'new':
      return create(name, rest.length > 0 ? rest.join(' ') : undefined);
    case 'validate':
      return validate(name);
    case 'preview':
      return preview(name);
    case 'docs':
      await writeFile('docs/mandant-reference.md', renderSchemaReference(mandantSchema));
      console.log('wrote docs/mandant-reference.md');
      return 0;
    default:
      console.error(USAGE);
      return command === undefined || command === 'help' ? 0 : 2;
  }
}

async function create(name: string | undefined, source: string | undefined): Promise<number> {
  if (!name) return usage('new needs a NAME');
  if (source !== undefined && !(PRODUCT_SOURCES as readonly string[]).includes(source))
    return usage(`SOURCE must be one of: ${PRODUCT_SOURCES.map((s) => `"${s}"`).join(', ')}`);
  if (!existsSync(path.join(MANDANTS_DIR, '_base'))) {
    console.error(
      `${path.join(MANDANTS_DIR, '_base')} does not exist: run this in the project folder, or set MANDANTS_DIR to the folder that holds _base`,
    );
    return 1;
  }
  const scaffold = await scaffoldMandant(MANDANTS_DIR, name, source as ProductSource | undefined);
  const line = (item: ToFill) => `  ${item.file}${item.pointer ? ` ${item.pointer}` : ''}: ${item.what}`;
  console.log(`Created mandant "${name}":\n${scaffold.written.map((file) => `  ${file}`).join('\n')}`);
  console.log(
    `\nLeft to fill in (validate reports each until it is done):\n${scaffold.toFill.map(line).join('\n')}`,
  );
  console.log(`\nAlso set (validate accepts what is there):\n${scaffold.toReview.map(line).join('\n')}`);
  console.log(`\nNext: npm run mandant -- validate ${name}, then npm run mandant -- preview ${name}`);
  return 0;
}

async function validate(name: string | undefined): Promise<number> {
  if (name && !existsSync(path.join(MANDANTS_DIR, name))) {
    console.error(`There is no mandant folder ${path.join(MANDANTS_DIR, name)}`);
    return 1;
  }
  // The product's one validator (issue 18): the same loaders as the server start, with the go-live checks.
  const { registry, problems } = await validateMandants(MANDANTS_DIR);
  if (registry && problems.length === 0) {
    for (const mandant of registry.all().filter((m) => !name || m.id === name)) {
      const routes = Object.keys(mandant.config.routes).length;
      console.log(
        `✓ ${mandant.id}: ${routes} routes, ${Object.keys(mandant.pages).length} pages, languages ${mandant.config.SupportedLanguage.Sprache.join(', ')}, product source "${mandant.config.produktApi}"`,
      );
    }
    return 0;
  }
  // Cross-mandant problems (hosts, default) and _base problems concern everyone; show them too, except a
  // _base text that is wrong for another mandant only (problem.mandant).
  const folder = name ? `${path.relative(process.cwd(), path.join(MANDANTS_DIR, name))}${path.sep}` : '';
  const own = problems.filter(
    (problem) =>
      !name ||
      problem.file.startsWith(folder) ||
      (!isInAnotherMandant(problem.file, name) && (problem.mandant ?? name) === name),
  );
  if (own.length === 0) {
    console.log(`✓ ${name}: no problems of its own (other mandants have ${problems.length})`);
    return 0;
  }
  console.error(`✗ ${own.length} problem${own.length === 1 ? '' : 's'}:`);
  for (const problem of own) console.error(`  ${formatProblem(problem)}`);
  return 1;
}

function isInAnotherMandant(file: string, name: string): boolean {
  const relative = path.relative(MANDANTS_DIR, path.resolve(file));
  const [folder] = relative.split(path.sep);
  return folder !== undefined && folder !== name && folder !== '_base' && !relative.startsWith('..');
}

async function preview(name: string | undefined): Promise<number> {
  if (!name) return usage('preview needs a NAME');
  if ((await validate(name)) !== 0) return 1;
  const distDir = path.resolve(process.env.DIST_DIR || './dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    // The same build as `npm run build` (the runtime and its server-rendered first paint), into DIST_DIR.
    console.log(`No runtime build in ${distDir}: building it (npm run build) …`);
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: distDir } });
  }
  process.env.DEFAULT_MANDANT = name;
  process.env.DEMO_LOGINS_OF = name;
  console.log(`Preview of "${name}": http://${name}.localhost:${process.env.PORT || 8080}/ (Ctrl+C stops)`);
  await import('../main.ts');
  return 0;
}

function usage(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return 2;
}

const code = await run(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
