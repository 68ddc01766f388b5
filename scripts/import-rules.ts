/**
 * The engine of `npm run check:imports` (scripts/check-imports.ts holds the projects): read a source
 * tree's imports and SQL from the text, place each file in a layer, and apply the rules. Exported so
 * that scripts/test/import-rules.test.ts plants each kind of offence in a tree of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

export interface Layer {
  name: string;
  paths: readonly string[];
}

export interface Project {
  /** The source folder, relative to the repository root. */
  root: string;
  /** Bottom to top: a layer may import its own and those below it. */
  layers: readonly Layer[];
  rules: readonly Rule[];
}

export interface SourceFile {
  /** Relative to the project's root, with forward slashes. */
  path: string;
  layer: Layer | undefined;
  /** The part of the path a `*` of the layer matched (the module), if the layer has units. */
  unit: string | undefined;
  /**
   * Its imports: as written, and for a relative one the file imported, relative to the root
   * (undefined outside it); `leaves`: a relative import that goes out of the root.
   */
  imports: { specifier: string; target: string | undefined; leaves: boolean; line: number }[];
  /** SQL written in this file: what shows it, and where. */
  sql: { what: string; line: number }[];
}

export interface Offence {
  file: string;
  target: string;
  rule: string;
}

export type Rule = (files: readonly SourceFile[], project: Project) => Offence[];

// ---------------------------------------------------------------------------------------------
// Rules

/** Every import runs downward (or sideways, within its layer): never to a layer above. */
export function importsRunDownward(): Rule {
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
export function unitsStayApart(layerName: string): Rule {
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

/**
 * SQL is written only in files whose name matches `files` (the repositories) and in the files
 * `named`, each with why: however it is written — a query builder call, a `sql` template (a whole
 * statement or a fragment), `sql.raw` and its kin, a query in a string. No folder is exempt.
 */
export function sqlOnlyIn(allowed: { files: readonly string[]; named: Readonly<Record<string, string>> }): Rule {
  const fileNames = allowed.files.map(globToRegExp);
  const where = `${allowed.files.join(', ')} and the files named in scripts/check-imports.ts`;
  return (files) =>
    files.flatMap((file) => {
      const name = file.path.split('/').pop()!;
      if (fileNames.some((re) => re.test(name)) || Object.hasOwn(allowed.named, file.path)) return [];
      return file.sql.map((found) => ({ file: `${file.path}:${found.line}`, target: `SQL (${found.what})`, rule: `SQL is written only in ${where}` }));
    });
}

/** A named file that holds no SQL any more: its exemption goes (the list says what is true). */
export function namedSqlFilesHoldSql(named: Readonly<Record<string, string>>): Rule {
  return (files) =>
    Object.keys(named)
      .filter((path) => !files.some((file) => file.path === path && file.sql.length > 0))
      .map((path) => ({ file: path, target: '(no SQL)', rule: 'a file named as holding SQL must exist and hold SQL: take it off the list' }));
}

/** The strongly connected components of a graph (Tarjan) with two or more members, or one that points at itself. */
function loopsOf(nodes: readonly string[], edges: (node: string) => readonly string[]): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges(node).includes(node)) loops.push(component.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!indexOf.has(node)) visit(node);
  return loops;
}

/** One chain through a loop from its first member back to it, for a message: `a → b → a`. */
function chainOf(members: readonly string[], edges: (node: string) => readonly string[]): string {
  const first = members[0]!;
  const inLoop = new Set(members);
  const chain = [first];
  let at = first;
  for (let step = 0; step < members.length; step++) {
    const next = edges(at).find((t) => inLoop.has(t) && (t === first || !chain.includes(t)));
    if (!next) break;
    chain.push(next);
    if (next === first) break;
    at = next;
  }
  if (chain[chain.length - 1] !== first) chain.push(first);
  return chain.join(' → ');
}

/**
 * No loop of files: a file never imports, through any chain of imports, a file that imports it back.
 * Each loop is named once, as a chain that closes it.
 */
export function noLoops(): Rule {
  return (files) => {
    const byPath = new Map(files.map((file) => [file.path, file]));
    const edges = (path: string) => [...new Set(byPath.get(path)!.imports.map((i) => i.target).filter((t): t is string => t !== undefined && byPath.has(t)))];
    return loopsOf([...byPath.keys()], edges).map((members) => ({
      file: members[0]!,
      target: chainOf(members, edges),
      rule: `files import each other in a loop (${members.length} file${members.length === 1 ? '' : 's'}): move what both need into a file both import, below them`,
    }));
  };
}

/**
 * No loop of rooms inside a layer: a room is a folder directly under the layer's folder (the web's
 * `components/bulk`, `components/list-screen`), or a file lying directly in it. Rooms of one layer
 * import each other one way only, so each can be read, moved or removed without the others.
 */
export function noRoomLoops(): Rule {
  return (files, project) => {
    const roomOf = (path: string): string | undefined => {
      const where = locate(project, path);
      if (!where.layer) return undefined;
      const parts = path.split('/');
      // The layer's own folder: its glob's fixed part (`components/`, `modules/records/`).
      const base = where.layer.paths.map((glob) => glob.replace('*', where.unit ?? '*')).find((glob) => path.startsWith(glob)) ?? '';
      const depth = base.split('/').filter(Boolean).length;
      return `${where.layer.name}:${parts.slice(0, Math.min(depth + 1, parts.length)).join('/')}`;
    };
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = roomOf(file.path);
      if (!from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      for (const imported of file.imports) {
        const to = imported.target === undefined ? undefined : roomOf(imported.target);
        // Only rooms of the same layer: between layers the layers' order already rules.
        if (to && to !== from && to.split(':')[0] === from.split(':')[0]) graph.get(from)!.add(to);
      }
    }
    const edges = (room: string) => [...(graph.get(room) ?? [])];
    return loopsOf([...graph.keys()], edges).map((members) => ({
      file: members[0]!.split(':')[1]!,
      target: chainOf(members, edges)
        .split(' → ')
        .map((room) => room.slice(room.indexOf(':') + 1))
        .join(' → '),
      rule: `the rooms of a layer import each other in a loop: one of them must not need the other (move what both need below them)`,
    }));
  };
}

/** A relative import never leaves its package's source root: another package is imported through its entry. */
export function importsStayInPackage(): Rule {
  return (files, project) =>
    files.flatMap((file) =>
      file.imports
        .filter((imported) => imported.leaves)
        .map((imported) => ({
          file: `${file.path}:${imported.line}`,
          target: imported.specifier,
          rule: `a relative import leaves ${project.root}: import another package through its entry (its name, as @3ds/domain), never its files`,
        })),
    );
}

/** A package outside the project is imported only by the given layers. */
export function packageOnlyIn(name: string, layerNames: readonly string[]): Rule {
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
export function everyFileHasALayer(): Rule {
  return (files) => files.filter((f) => !f.layer).map((f) => ({ file: f.path, target: '(no layer)', rule: 'every file belongs to a layer of scripts/check-imports.ts' }));
}

// ---------------------------------------------------------------------------------------------
// Reading the sources

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

export function sourcePaths(dir: string): string[] {
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
/** `sql.raw(…)`, `sql.ref(…)` and their kin: SQL made in code, whatever its text. */
const SQL_HELPER = /\bsql\.(raw|ref|id|table|lit|literal|join|val|value)\s*\(/g;
/** Kysely's statement builders. */
const QUERY_BUILDER = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(/g;
/** What begins or makes a statement, in a `sql` template (any case). */
const SQL_STATEMENT = /\b(SELECT|INSERT|UPDATE|DELETE|MERGE|TRUNCATE|SAVEPOINT|RELEASE\s+SAVEPOINT|ROLLBACK|SET\s+(?:TRANSACTION|LOCAL|SESSION)|LOCK\s+TABLE|COPY|CREATE|ALTER|DROP)\b/i;
/** A query in a plain string, as SQL is written here (upper-case keywords). */
const SQL_IN_STRING = /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[\w."]+(?:\s+\w+)?\s+SET\b|\bDELETE\s+FROM\b|\bTRUNCATE\b|\bSAVEPOINT\b/;

function read(rootDir: string, project: Project, absolute: string): SourceFile {
  const path = relative(join(rootDir, project.root), absolute).split(sep).join('/');
  const source = readFileSync(absolute, 'utf8');
  const { code, literals } = lex(source);
  const imports: SourceFile['imports'] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  // Imports are found in the code, their specifiers read from the source at the same place.
  for (const match of code.matchAll(IMPORT)) {
    const quoteAt = match.index + match[0].search(/['"`]/);
    const specifier = /^(['"`])([^'"`]*)\1/.exec(source.slice(quoteAt))?.[2] ?? '';
    const target = specifier.startsWith('.') ? normalize(join(dirname(path), specifier)).split(sep).join('/') : undefined;
    const leaves = target?.startsWith('..') === true;
    imports.push({ specifier, target: leaves ? undefined : target, leaves, line: lineAt(match.index) });
  }
  const sql: SourceFile['sql'] = [];
  for (const match of code.matchAll(QUERY_BUILDER)) sql.push({ what: `${match[1]}()`, line: lineAt(match.index) });
  for (const match of code.matchAll(SQL_HELPER)) sql.push({ what: `sql.${match[1]}()`, line: lineAt(match.index) });
  for (const literal of literals) {
    const tagged = literal.tag === 'sql' || literal.tag?.startsWith('sql.');
    if (tagged) {
      // A statement or a fragment: a `sql` template is SQL whatever it holds.
      const statement = SQL_STATEMENT.exec(literal.text);
      sql.push({ what: statement ? `sql\`…\` with ${statement[0].split(/\s/)[0]!.toUpperCase()}` : 'a sql`…` fragment', line: literal.line });
      continue;
    }
    const statement = SQL_IN_STRING.exec(literal.text);
    if (statement) sql.push({ what: `a string with ${statement[0].split(/\s/)[0]!.toUpperCase()}`, line: literal.line });
  }
  return { path, ...locate(project, path), imports, sql };
}

/** Reads every source file of the project under `rootDir` and answers its files and the offences of its rules. */
export function checkProject(rootDir: string, project: Project): { files: SourceFile[]; offences: Offence[] } {
  const files = sourcePaths(join(rootDir, project.root)).map((absolute) => read(rootDir, project, absolute));
  return { files, offences: project.rules.flatMap((rule) => rule(files, project)) };
}
