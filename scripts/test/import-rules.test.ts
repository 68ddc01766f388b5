import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
  type Rule,
} from '../import-rules.ts';

/**
 * The check of `npm run check:imports`, each rule tried on a small tree of its own: a clean tree
 * passes, and each kind of offence planted in it is found and named.
 */

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Writes `files` (path → source) under a fresh root and checks them as project `src` with `rules`. */
function check(files: Record<string, string>, rules: readonly Rule[]) {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
    writeFileSync(join(dir, 'src', path), source);
  }
  const project: Project = {
    root: 'src',
    layers: [
      { name: 'db', paths: ['db/'] },
      { name: 'components', paths: ['components/'] },
      { name: 'modules', paths: ['modules/*/'] },
      { name: 'app', paths: ['app.ts'] },
    ],
    rules,
  };
  return checkProject(dir, project).offences;
}

const CLEAN = {
  'db/connection.ts': "export const db = {};\n",
  'components/list/list.ts': "import { db } from '../../db/connection.ts';\nexport const list = db;\n",
  'components/dialogs/dialog.ts': "export const dialog = 1;\n",
  'modules/jobs/jobs.service.ts': "import { list } from '../../components/list/list.ts';\nexport const jobs = list;\n",
  'modules/jobs/jobs.repository.ts': "import { db } from '../../db/connection.ts';\nexport const q = (k: any) => k.selectFrom('jobs').selectAll();\nexport const f = sql`coalesce(a, 0)`;\n",
  'app.ts': "import { jobs } from './modules/jobs/jobs.service.ts';\nexport default jobs;\n",
};
const ALL: Rule[] = [everyFileHasALayer(), importsRunDownward(), unitsStayApart('modules'), noLoops(), noRoomLoops(), importsStayInPackage(), sqlOnlyIn({ files: ['*.repository.ts'], named: {} })];

describe('check:imports', () => {
  it('passes a tree whose imports run down, whose units stand apart and whose SQL is in repositories', () => {
    expect(check(CLEAN, ALL)).toEqual([]);
  });

  it('finds a file that belongs to no layer', () => {
    const found = check({ ...CLEAN, 'stray/thing.ts': 'export const x = 1;\n' }, [everyFileHasALayer()]);
    expect(found).toEqual([{ file: 'stray/thing.ts', target: '(no layer)', rule: expect.stringMatching(/every file belongs to a layer/) }]);
  });

  it('finds an import running up a layer', () => {
    const found = check({ ...CLEAN, 'db/connection.ts': "import { list } from '../components/list/list.ts';\nexport const db = list;\n" }, [importsRunDownward()]);
    expect(found).toEqual([{ file: 'db/connection.ts:1', target: 'components/list/list.ts', rule: expect.stringMatching(/^db imports components, a layer above it/) }]);
  });

  it('finds one unit reaching into another', () => {
    const found = check({ ...CLEAN, 'modules/users/users.service.ts': "import { jobs } from '../jobs/jobs.service.ts';\nexport const u = jobs;\n" }, [unitsStayApart('modules')]);
    expect(found).toEqual([{ file: 'modules/users/users.service.ts:1', target: 'modules/jobs/jobs.service.ts', rule: expect.stringMatching(/users reaches into jobs/) }]);
  });

  it('finds a loop of files inside a layer, type imports included, and names it once', () => {
    const found = check(
      {
        ...CLEAN,
        'components/list/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
        'components/list/b.ts': "import type { C } from './c.ts';\nexport const b = 1;\n",
        'components/list/c.ts': "import { a } from './a.ts';\nexport type C = typeof a;\n",
      },
      [noLoops()],
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.target).toBe('components/list/a.ts → components/list/b.ts → components/list/c.ts → components/list/a.ts');
    expect(found[0]!.rule).toMatch(/in a loop \(3 files\)/);
  });

  it('finds two rooms of a layer importing each other, though no file loop exists', () => {
    const found = check(
      {
        ...CLEAN,
        'components/list/screen.ts': "import { dialog } from '../dialogs/dialog.ts';\nexport const s = dialog;\n",
        'components/dialogs/download.ts': "import { list } from '../list/list.ts';\nexport const d = list;\n",
      },
      [noLoops(), noRoomLoops()],
    );
    expect(found).toEqual([{ file: 'components/dialogs', target: 'components/dialogs → components/list → components/dialogs', rule: expect.stringMatching(/rooms of a layer import each other in a loop/) }]);
  });

  it('finds a relative import that leaves its package', () => {
    const found = check({ ...CLEAN, 'app.ts': "import { x } from '../../packages/domain/src/rules/x.ts';\nexport default x;\n" }, [importsStayInPackage()]);
    expect(found).toEqual([{ file: 'app.ts:1', target: '../../packages/domain/src/rules/x.ts', rule: expect.stringMatching(/leaves src: import another package through its entry/) }]);
  });

  it('finds SQL outside the repositories however it is written, and passes it in a named file', () => {
    const service = [
      "export const a = (k: any) => k.deleteFrom('jobs');",
      'export const b = sql`lower(name)`;',
      "export const c = sql.raw('now()');",
      "export const d = 'SELECT id FROM jobs';",
      'export const e = sql<number>`SELECT 1`;',
      "// selectFrom('in a comment') is not SQL",
      "export const f = 'select the job';",
    ].join('\n');
    const found = check({ ...CLEAN, 'modules/jobs/jobs.service.ts': service }, [sqlOnlyIn({ files: ['*.repository.ts'], named: {} })]);
    expect(found.map((o) => `${o.file} ${o.target}`)).toEqual([
      'modules/jobs/jobs.service.ts:1 SQL (deleteFrom())',
      'modules/jobs/jobs.service.ts:3 SQL (sql.raw())',
      'modules/jobs/jobs.service.ts:2 SQL (a sql`…` fragment)',
      'modules/jobs/jobs.service.ts:4 SQL (a string with SELECT)',
      'modules/jobs/jobs.service.ts:5 SQL (sql`…` with SELECT)',
    ]);
    expect(check({ ...CLEAN, 'modules/jobs/jobs.service.ts': service }, [sqlOnlyIn({ files: ['*.repository.ts'], named: { 'modules/jobs/jobs.service.ts': 'a reason' } })])).toEqual([]);
  });

  it('finds a file named as holding SQL that holds none (or is gone)', () => {
    const found = check(CLEAN, [namedSqlFilesHoldSql({ 'components/list/list.ts': 'once had SQL', 'db/gone.ts': 'removed' })]);
    expect(found.map((o) => o.file)).toEqual(['components/list/list.ts', 'db/gone.ts']);
  });

  it('finds a package imported outside the layers allowed to', () => {
    const found = check({ ...CLEAN, 'db/schema.ts': "import { z } from 'zod';\nexport const s = z;\n" }, [packageOnlyIn('zod', ['components'])]);
    expect(found).toEqual([{ file: 'db/schema.ts:1', target: 'zod', rule: 'only components import zod' }]);
  });
});
