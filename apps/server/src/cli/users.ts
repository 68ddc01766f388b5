import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { PRIVILEGES } from '@3ds/domain';
import { loadConfig } from '../config/env.ts';
import { lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { AppError } from '../errors/app-error.ts';
import { UsersService } from '../modules/users/users.service.ts';

const USAGE = `Manage 3DS user accounts (on DATABASE_URL, or the embedded database in DATA_DIR).

  npm run users -- list
  npm run users -- add <username> [--privileges A,B|all] [--org "<parent organisation>"] [--name "<display name>"] [--password <p>]
  npm run users -- disable <username>
  npm run users -- enable <username>
  npm run users -- privileges <username> <A,B,...|all|none>
  npm run users -- org <username> "<parent organisation>"
  npm run users -- password <username> [--password <p>]

Without --password the password is read from standard input (a prompt on a terminal).
Passwords need at least 10 characters with a letter and a digit.
Privileges: ${PRIVILEGES.join(', ')}.
The last enabled user holding MANAGE_USERS can be neither disabled nor stripped of it.
Disabling a user, changing their privileges or their password ends their sessions.
The embedded database must not be in use by a running server.`;

function parsePrivileges(text: string | undefined): string[] {
  if (!text || text === 'none') return [];
  if (text === 'all') return [...PRIVILEGES];
  return text.split(',').map((p) => p.trim().toUpperCase()).filter(Boolean);
}

async function readPassword(given: string | undefined): Promise<string> {
  if (given) return given;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    return (await rl.question(process.stdin.isTTY ? 'Password: ' : '')).trim();
  } finally {
    rl.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      privileges: { type: 'string' },
      org: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, username, argument] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    process.exit(command ? 0 : 2);
  }
  const config = loadConfig();
  const unlock = config.database.kind === 'pglite' ? await lockEmbeddedDatabase(config.database.dataDir) : undefined;
  // Migrated (and checked) as the server's start does it: with DATABASE_ADMIN_URL, as its owner.
  const { database, admin } = await prepareDatabase(config);
  await admin?.close();
  try {
    const users = new UsersService(database.db);
    const actor = `cli:${process.env.USER ?? 'operator'}`;
    const need = (value: string | undefined, what: string) => {
      if (!value) throw new AppError(400, 'BAD_REQUEST', `Missing ${what}.\n\n${USAGE}`);
      return value;
    };
    switch (command) {
      case 'list': {
        const rows = await users.list(actor);
        for (const u of rows) {
          console.log(`${u.username.padEnd(16)} ${u.disabled ? 'disabled' : 'active  '} org=${u.parentOrganization ?? '-'} privileges=${u.privileges.join(',') || '-'}`);
        }
        break;
      }
      case 'add': {
        const user = await users.add(
          {
            username: need(username, 'username'),
            password: await readPassword(values.password),
            displayName: values.name ?? '',
            parentOrganization: values.org ?? null,
            privileges: parsePrivileges(values.privileges),
          },
          actor,
        );
        console.log(`Added ${user.username}.`);
        break;
      }
      case 'disable':
      case 'enable':
        await users.setDisabled(need(username, 'username'), command === 'disable', actor);
        console.log(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${username}.`);
        break;
      case 'privileges': {
        const user = await users.setPrivileges(need(username, 'username'), parsePrivileges(need(argument, 'privileges')), actor);
        console.log(`${user.username} now holds: ${user.privileges.join(', ') || 'no privileges'}.`);
        break;
      }
      case 'org':
        await users.setParentOrganization(need(username, 'username'), argument ?? null, actor);
        console.log(`Set the parent organisation of ${username}.`);
        break;
      case 'password':
        await users.resetPassword(need(username, 'username'), await readPassword(values.password), actor);
        console.log(`Password of ${username} changed; their sessions were ended.`);
        break;
      default:
        throw new AppError(400, 'BAD_REQUEST', `Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
    await unlock?.();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError || (error instanceof Error && error.name !== 'Error') ? error.message : error);
  process.exit(1);
});
