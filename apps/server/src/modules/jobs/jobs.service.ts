import { hasPrivilege, isRegistrationExpired, JOB_NAME_MESSAGES, jobNameProblems, todayIso } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound, validationFailed } from '../../errors/app-error.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import * as jobs from './jobs.repository.ts';

export interface CreateJobInput {
  registrationId: number;
  name: unknown;
}

export class JobsService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(deps: { db: Kysely<Database>; now: () => Date }) {
    this.#db = deps.db;
    this.#now = deps.now;
  }

  /**
   * Creates a job on a registration (spec 1 §2 "Add New Job"): needs CREATE_JOB, a name, and a
   * registration that exists and has not expired. The job takes the registration's activity and
   * today's date as its initiation date.
   */
  async create(input: CreateJobInput, user: SessionUser, requestId: string) {
    if (!hasPrivilege(user.privileges, 'CREATE_JOB')) throw forbidden('You do not have the CREATE_JOB privilege needed to create a job.');
    const problems = jobNameProblems(input.name);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    const name = String(input.name).trim();
    const today = todayIso(this.#now());
    return this.#db.transaction().execute(async (trx) => {
      const registration = await jobs.findRegistration(trx, input.registrationId);
      if (!registration) throw notFound(`There is no registration ${input.registrationId}.`);
      if (isRegistrationExpired(registration.expiration_date, today)) {
        throw validationFailed(JOB_NAME_MESSAGES.registrationExpired, [JOB_NAME_MESSAGES.registrationExpired]);
      }
      const job = await jobs.insertJob(trx, {
        registration_id: registration.id,
        name,
        activity: registration.activity,
        status: 'Open',
        date_initiated: today,
        created_by: user.username,
        modified_by: user.username,
      });
      await writeAudit(trx, { username: user.username, action: 'create', entity: 'job', recordId: job.id, after: job, requestId });
      return { recordId: String(job.id), modId: String(job.mod_id) };
    });
  }
}
