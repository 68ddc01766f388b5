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
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkProject,
  everyFileHasALayer,
  importsRunDownward,
  importsStayInPackage,
  namedSqlFilesHoldSql,
  noLoops,
  noRoomLoops,
  packageOnlyIn,
  sqlOnlyIn,
  unitsStayApart,
  type Project,
} from './import-rules.ts';

// ---------------------------------------------------------------------------------------------
// The projects

/**
 * The server's files that may hold SQL beside its repositories (`*.repository.ts`), each with why.
 * Every other file reaches the database through a repository; a file named here that holds no SQL
 * any more is an offence too, so the list stays true. docs/architecture.md repeats it.
 */
const SQL_FILES: Readonly<Record<string, string>> = {
  'db/database.ts': 'opening a database: the check that it answers and which server it is',
  'db/migrate.ts': 'applying the migrations in order, once, under their lock',
  'db/database-roles.ts': "the two-role set-up: the grants of the server's role and the check of what it holds",
  'db/row-locks.ts': 'every mutation holds its rows (job, container, line item) FOR SHARE / FOR UPDATE in one order: the locking protocol itself',
  'records/find-request.ts': 'the records engine compiles a FileMaker find request into SQL',
  'records/find-criterion.ts': "the records engine compiles one criterion of a find into SQL (the operators of FILEMAKER.md)",
  'records/search-words.ts': 'the quick find and word finds read the search-word index',
  'records/count-cache.ts': 'found counts kept per table version, read and written with the find they count',
  'records/layout.ts': "a layout's fields and their joins as the SQL a list and a record read",
  'records/layouts/containers.layout.ts': "a layout's computed fields (counts of its line items) as SQL expressions",
  'records/layouts/jobs.layout.ts': "a layout's computed fields (counts, sister job) as SQL expressions",
  'records/layouts/registrations.layout.ts': "a layout's computed fields as SQL expressions",
  'records/layouts/order-forms.layout.ts': "a layout's computed fields (validity, the status as shown, the count of lines) as SQL expressions",
  'seed/demo-seed.ts': 'the demo data, written in bulk on first start',
  'cli/seed-scale.ts': 'the scale seed: its transaction, --reset emptying the tables and the sequences after the load',
  'cli/seed-scale/sql-helpers.ts': "the scale seed: the session's draw functions, bulk JSON inserts, the triggers and indexes held around the load, the word index",
  'cli/seed-scale/companies.ts': 'the scale seed: companies, contacts and registrations written with set-based statements',
  'cli/seed-scale/jobs.ts': 'the scale seed: jobs written with set-based statements',
  'cli/seed-scale/containers.ts': 'the scale seed: containers written with set-based statements',
  'cli/seed-scale/line-items.ts': 'the scale seed: a million line items written with set-based statements, their quantities joined in',
  'cli/seed-scale/report.ts': 'the scale seed: the counts and shares it reports',
};

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
      sqlOnlyIn({ files: ['*.repository.ts'], named: SQL_FILES }),
      namedSqlFilesHoldSql(SQL_FILES),
      noLoops(),
      noRoomLoops(),
      importsStayInPackage(),
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
    rules: [everyFileHasALayer(), importsRunDownward(), unitsStayApart('features'), noLoops(), noRoomLoops(), importsStayInPackage()],
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
    rules: [everyFileHasALayer(), importsRunDownward(), packageOnlyIn('zod', ['contracts']), noLoops(), noRoomLoops(), importsStayInPackage()],
  },
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let offences = 0;
for (const project of PROJECTS) {
  const { files, offences: found } = checkProject(ROOT, project);
  for (const offence of found) console.error(`${project.root}/${offence.file} → ${offence.target}: ${offence.rule}`);
  offences += found.length;
  if (!found.length) console.log(`${project.root}: ${files.length} files, its layers hold`);
}
if (offences) {
  console.error(`\n${offences} offence${offences === 1 ? '' : 's'} against the layers (scripts/check-imports.ts).`);
  process.exit(1);
}
