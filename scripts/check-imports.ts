/**
 * `npm run check:imports`: the layers of the code and the rules between them. Fails (exit 1) with
 * one line per offence — the file, what it reaches for, and the rule it breaks — so that a change
 * that would make the layers import each other in a circle is refused before the tests run.
 *
 * A project is a source root, its layers from the bottom up and the rules that hold there. A layer
 * is a list of paths relative to the root: `dir/` is everything under a folder, `name.ts` one file,
 * and `*` one folder or file name — a layer whose path has a `*` is made of units (the modules),
 * which `unitsStayApart` keeps from importing each other. Every source file must belong to a layer.
 * Imports are read from the text (import/export … from, import()): no compiler, no dependencies.
 *
 * The projects are the server, the web app and the shared domain; `docs/architecture.md` says what
 * each layer holds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Layer {
  name: string;
  paths: readonly string[];
}

interface Project {
  /** The source folder, relative to the repository root. */
  root: string;
  /** Bottom to top: a layer may import its own and those below it. */
  layers: readonly Layer[];
  rules: readonly Rule[];
}

interface SourceFile {
  /** Relative to the project's root, with forward slashes. */
  path: string;
  layer: Layer | undefined;
  /** The part of the path a `*` of the layer matched (the module), if the layer has units. */
  unit: string | undefined;
  /** Its imports: as written, and for a relative one the file imported, relative to the root (undefined outside it). */
  imports: { specifier: string; target: string | undefined; line: number }[];
  /** SQL written in this file: what shows it, and where. */
  sql: { what: string; line: number }[];
}

interface Offence {
  file: string;
  target: string;
  rule: string;
}

type Rule = (files: readonly SourceFile[], project: Project) => Offence[];

// ---------------------------------------------------------------------------------------------
// Rules

/** Every import runs downward (or sideways, within its layer): never to a layer above. */
function importsRunDownward(): Rule {
  return (files, project) => {
    const order = project.layers.map((l) => l.name);
    const offences: Offence[] = [];
    for (const file of files) {
      if (!file.layer) continue;
      for (const imported of file.imports) {
        const target = imported.target === undefined ? undefined : locate(project, imported.target);
        if (!target?.layer) continue;
        if (order.indexOf(target.layer.name) > order.indexOf(file.layer.name)) {
          offences.push({
            file: `${file.path}:${imported.line}`,
            target: imported.target!,
            rule: `${file.layer.name} imports ${target.layer.name}, a layer above it (layers, bottom up: ${order.join(' < ')})`,
          });
        }
      }
    }
    return offences;
  };
}

/** The units of a layer (each module) import each other only through a layer below. */
function unitsStayApart(layerName: string): Rule {
  return (files, project) => {
    const offences: Offence[] = [];
    for (const file of files) {
      if (file.layer?.name !== layerName) continue;
      for (const imported of file.imports) {
        const target = imported.target === undefined ? undefined : locate(project, imported.target);
        if (target?.layer?.name === layerName && target.unit !== file.unit) {
          offences.push({
            file: `${file.path}:${imported.line}`,
            target: imported.target!,
            rule: `${layerName} do not import each other: ${file.unit} reaches into ${target.unit} (share it through a layer below)`,
          });
        }
      }
    }
    return offences;
  };
}

/** SQL is written only in `*.repository.ts` files and under the given folders. */
function sqlOnlyIn(allowed: { files: readonly string[]; paths: readonly string[] }): Rule {
  const fileNames = allowed.files.map(globToRegExp);
  const paths = allowed.paths.map(globToRegExp);
  const where = [...allowed.files, ...allowed.paths].join(', ');
  return (files) =>
    files.flatMap((file) => {
      const name = file.path.split('/').pop()!;
      if (fileNames.some((re) => re.test(name)) || paths.some((re) => re.test(file.path))) return [];
      return file.sql.map((found) => ({ file: `${file.path}:${found.line}`, target: `SQL (${found.what})`, rule: `SQL is written only in ${where}` }));
    });
}

/** A package outside the project is imported only by the given layers. */
function packageOnlyIn(name: string, layerNames: readonly string[]): Rule {
  return (files) =>
    files.flatMap((file) =>
      file.layer && !layerNames.includes(file.layer.name)
        ? file.imports
            .filter((imported) => imported.specifier === name || imported.specifier.startsWith(`${name}/`))
            .map((imported) => ({ file: `${file.path}:${imported.line}`, target: imported.specifier, rule: `only ${layerNames.join(', ')} import ${name}` }))
        : [],
    );
}

/** Every file belongs to a layer, so that a new folder is placed before anything may import it. */
function everyFileHasALayer(): Rule {
  return (files) => files.filter((f) => !f.layer).map((f) => ({ file: f.path, target: '(no layer)', rule: 'every file belongs to a layer of scripts/check-imports.ts' }));
}

// ---------------------------------------------------------------------------------------------
// The projects

const PROJECTS: readonly Project[] = [
  {
    root: 'apps/server/src',
    layers: [
      { name: 'config', paths: ['config/'] },
      { name: 'errors', paths: ['errors/'] },
      { name: 'security', paths: ['security/'] },
      { name: 'db', paths: ['db/'] },
      { name: 'files', paths: ['files/'] },
      { name: 'documents', paths: ['documents/'] },
      { name: 'mail', paths: ['mail/'] },
      // The records engine: layouts, the find compiler, lists and records.
      { name: 'records', paths: ['records/'] },
      // The shared kernel: what several modules read and check alike.
      { name: 'shared', paths: ['shared/'] },
      { name: 'modules', paths: ['modules/*/'] },
      { name: 'plugins', paths: ['plugins/'] },
      { name: 'app', paths: ['app.ts'] },
      // The demo seed creates its users through the users module; the server seeds on first start.
      { name: 'seed', paths: ['seed/'] },
      { name: 'entry points', paths: ['server.ts', 'start-banner.ts', 'cli/'] },
    ],
    rules: [
      everyFileHasALayer(),
      importsRunDownward(),
      unitsStayApart('modules'),
      // The records engine compiles finds and layouts into SQL (find-criterion.ts, find-request.ts,
      // layouts/): it is where list queries are built, as db/ is for the rest of the plumbing.
      sqlOnlyIn({ files: ['*.repository.ts'], paths: ['db/', 'records/', 'seed/', 'cli/'] }),
    ],
  },
  {
    root: 'apps/web/src',
    layers: [
      // The route table: every screen's name, path and title.
      { name: 'config', paths: ['config/'] },
      // The API client, the records client, the alert store, the stored token, live events.
      { name: 'lib', paths: ['lib/'] },
      // The signed-in user, login and logout, the route guard, the idle timer.
      { name: 'session', paths: ['session/'] },
      // What several areas use: the list screen, record views, dialogs, the line-item entry.
      { name: 'components', paths: ['components/'] },
      { name: 'features', paths: ['features/*/'] },
      // Providers, the router and the shell: the one place that knows every feature.
      { name: 'app', paths: ['app/'] },
    ],
    rules: [everyFileHasALayer(), importsRunDownward(), unitsStayApart('features')],
  },
  {
    root: 'packages/domain/src',
    layers: [
      // Reference tables: the records' fields and columns, schedules, units, privileges.
      { name: 'catalogue', paths: ['catalogue/'] },
      // Computations and checks, written without zod.
      { name: 'rules', paths: ['rules/'] },
      // The zod schemas and shapes of the HTTP contract.
      { name: 'contracts', paths: ['contracts/'] },
      // The package's one entry: it exports the three, and nothing inside imports it.
      { name: 'entry', paths: ['index.ts'] },
    ],
    rules: [everyFileHasALayer(), importsRunDownward(), packageOnlyIn('zod', ['contracts'])],
  },
];

// ---------------------------------------------------------------------------------------------
// Reading the sources

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('([^/]+)');
  return new RegExp(`^${body}${glob.endsWith('/') ? '' : '$'}`);
}

function locate(project: Project, path: string): Pick<SourceFile, 'layer' | 'unit'> {
  for (const layer of project.layers) {
    for (const glob of layer.paths) {
      const match = globToRegExp(glob).exec(path);
      if (match) return { layer, unit: match[1] };
    }
  }
  return { layer: undefined, unit: undefined };
}

function sourcePaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcePaths(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Literal {
  /** The text between the quotes; a template's `${…}` parts as `${}`. */
  text: string;
  line: number;
  /** A template's tag (`sql`, `sql<SqlBool>` reads as `sql`), if any. */
  tag: string | undefined;
}

/**
 * The code with its comments, strings and template text blanked (the same length and lines as the
 * source, so that imports and query builder calls are searched for in code only) and the string
 * and template literals with their lines. A small lexer: comments, the three quotes, `${…}` nested
 * in templates, regular expression literals (told from a division by what precedes them).
 */
function lex(source: string): { code: string; literals: Literal[] } {
  let code = '';
  const literals: Literal[] = [];
  let line = 1;
  let i = 0;
  let depth = 0;
  /** Templates being read, innermost last; `closesAt`: the brace depth ending its open `${…}`. */
  const templates: (Literal & { closesAt: number })[] = [];
  let inTemplate = false;
  let last = ''; // the last significant code character or word, to tell a regex from a division

  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (inTemplate) {
      const template = templates[templates.length - 1]!;
      if (c === '\\') {
        const escape = source.slice(i, i + 2);
        template.text += escape;
        code += blank(escape);
        line += newlines(escape);
        i += 2;
      } else if (c === '`') {
        templates.pop();
        literals.push({ text: template.text, line: template.line, tag: template.tag });
        code += '`';
        i++;
        inTemplate = false;
        last = 'literal';
      } else if (c === '$' && next === '{') {
        template.text += '${}';
        template.closesAt = depth;
        depth++;
        code += '${';
        i += 2;
        inTemplate = false;
        last = '{';
      } else {
        if (c === '\n') line++;
        template.text += c;
        code += c === '\n' ? '\n' : ' ';
        i++;
      }
      continue;
    }
    if (c === '\n') {
      line++;
      code += c;
      i++;
      continue;
    }
    if (c === '/' && (next === '/' || next === '*')) {
      // Blanked, not dropped: the code keeps the source's offsets and lines.
      const end = next === '/' ? source.indexOf('\n', i) : source.indexOf('*/', i + 2) + 2;
      const comment = source.slice(i, end < i ? source.length : end);
      code += blank(comment);
      line += newlines(comment);
      i += comment.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let text = '';
      i++;
      while (i < source.length && source[i] !== c && source[i] !== '\n') {
        const step = source[i] === '\\' ? 2 : 1;
        text += source.slice(i, i + step);
        i += step;
      }
      i++;
      code += c + blank(text) + c;
      literals.push({ text, line, tag: undefined });
      line += newlines(text);
      last = 'literal';
      continue;
    }
    if (c === '`') {
      templates.push({ text: '', line, tag: templateTag(code.slice(-200)), closesAt: -1 });
      code += '`';
      i++;
      inTemplate = true;
      continue;
    }
    if (c === '/' && regexMayFollow(last)) {
      // A regular expression literal: up to the unescaped `/` outside a character class.
      let inClass = false;
      code += '/';
      i++;
      while (i < source.length && source[i] !== '\n') {
        const r = source[i]!;
        if (r === '\\') {
          code += '  ';
          i += 2;
          continue;
        }
        if (r === '/' && !inClass) break;
        if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        code += ' ';
        i++;
      }
      code += '/';
      i++;
      last = 'literal';
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') {
      depth--;
      if (templates.length && templates[templates.length - 1]!.closesAt === depth) {
        // The end of a `${…}`: its template goes on.
        code += '}';
        i++;
        inTemplate = true;
        continue;
      }
    }
    code += c;
    i++;
    if (/\s/.test(c)) continue;
    // A word grows while its characters follow each other.
    last = /[\w$]/.test(c) ? (/[\w$]/.test(source[i - 2] ?? '') && /^[\w$]+$/.test(last) ? last + c : c) : c;
  }
  return { code, literals };
}

/** Spaces in place of the text, its line breaks kept. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');
const newlines = (text: string) => text.split('\n').length - 1;

/** The words after which a `/` begins a regular expression rather than a division. */
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

function regexMayFollow(last: string): boolean {
  if (last === '') return true;
  if (last === 'literal') return false;
  if (/^[\w$]+$/.test(last)) return REGEX_AFTER_WORDS.has(last);
  return last !== ')' && last !== ']' && last !== '}';
}

/** The tag of a template whose backtick follows `before`: `sql`, `sql<T>`, `sql.raw`… read as their name. */
function templateTag(before: string): string | undefined {
  let end = before.length;
  while (end > 0 && /\s/.test(before[end - 1]!)) end--;
  if (before[end - 1] === '>') {
    // A type argument: skip to its matching `<`.
    let level = 0;
    while (end > 0) {
      const ch = before[--end];
      if (ch === '>') level++;
      else if (ch === '<' && --level === 0) break;
    }
  }
  const word = /([\w$.]+)$/.exec(before.slice(0, end));
  return word?.[1];
}

const IMPORT = /\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?(['"`])([^'"`]+)\1|\bimport\s*\(\s*(['"`])([^'"`]+)\3\s*\)/g;
/** Kysely's statement builders. */
const QUERY_BUILDER = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(/g;
/** What begins or makes a statement, in a `sql` template (any case). */
const SQL_STATEMENT = /\b(SELECT|INSERT|UPDATE|DELETE|MERGE|TRUNCATE|SAVEPOINT|RELEASE\s+SAVEPOINT|ROLLBACK|SET\s+(?:TRANSACTION|LOCAL|SESSION)|LOCK\s+TABLE|COPY|CREATE|ALTER|DROP)\b/i;
/** A query in a plain string, as SQL is written here (upper-case keywords). */
const SQL_IN_STRING = /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[\w."]+(?:\s+\w+)?\s+SET\b|\bDELETE\s+FROM\b|\bTRUNCATE\b|\bSAVEPOINT\b/;

function read(project: Project, absolute: string): SourceFile {
  const path = relative(join(ROOT, project.root), absolute).split(sep).join('/');
  const source = readFileSync(absolute, 'utf8');
  const { code, literals } = lex(source);
  const imports: SourceFile['imports'] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  // Imports are found in the code, their specifiers read from the source at the same place.
  for (const match of code.matchAll(IMPORT)) {
    const quoteAt = match.index + match[0].search(/['"`]/);
    const specifier = /^(['"`])([^'"`]*)\1/.exec(source.slice(quoteAt))?.[2] ?? '';
    const target = specifier.startsWith('.') ? normalize(join(dirname(path), specifier)).split(sep).join('/') : undefined;
    imports.push({ specifier, target: target?.startsWith('..') ? undefined : target, line: lineAt(match.index) });
  }
  const sql: SourceFile['sql'] = [];
  for (const match of code.matchAll(QUERY_BUILDER)) sql.push({ what: `${match[1]}()`, line: lineAt(match.index) });
  for (const literal of literals) {
    const tagged = literal.tag === 'sql' || literal.tag?.startsWith('sql.');
    const statement = tagged ? SQL_STATEMENT.exec(literal.text) : SQL_IN_STRING.exec(literal.text);
    if (statement) sql.push({ what: `${tagged ? 'sql`…`' : 'a string'} with ${statement[0].split(/\s/)[0]!.toUpperCase()}`, line: literal.line });
  }
  return { path, ...locate(project, path), imports, sql };
}

let offences = 0;
for (const project of PROJECTS) {
  const files = sourcePaths(join(ROOT, project.root)).map((absolute) => read(project, absolute));
  const found = project.rules.flatMap((rule) => rule(files, project));
  for (const offence of found) console.error(`${project.root}/${offence.file} → ${offence.target}: ${offence.rule}`);
  offences += found.length;
  if (!found.length) console.log(`${project.root}: ${files.length} files, its layers hold`);
}
if (offences) {
  console.error(`\n${offences} offence${offences === 1 ? '' : 's'} against the layers (scripts/check-imports.ts).`);
  process.exit(1);
}
