import { finalRefusalMessage, isFinal, type JobFinality } from './finality.ts';
import { ownLockedItemsMessage } from './locks.ts';
import { hasPrivilege, type Privilege } from '../catalogue/privileges.ts';

/**
 * The one permission table: every action that changes something, the privilege it needs and the lock
 * states that refuse it. The server enforces it on every mutating route (each route names its action;
 * a route without one does not start), and the web reads the same table to show or hide a control,
 * so the two cannot drift.
 *
 * Lock conditions, checked in this order:
 * - `job`: the record's job is locked;
 * - `container`: the line item's container is locked;
 * - `record`: the record itself is locked (for a lock action: it is locked already);
 * - `record-unlocked`: the record is not locked (an unlock action with nothing to unlock, or a
 *   document that only a locked job has);
 * - `own-locked-items`: the container holds line items locked on their own, which are final
 *   wherever the container would go (deleted with it, carried to another job or to the Yellow Bucket);
 * - `final`: the record's job is final (`finality.ts`: destroyed, its Form 41 generated, or reported
 *   to ARCOS), locked or not: what it recorded is corrected, never moved, deleted or rewritten.
 */
export type LockCondition = 'job' | 'container' | 'record' | 'record-unlocked' | 'own-locked-items' | 'final';

export interface ActionRule {
  /** The privilege needed; null: any signed-in user (the spec shows no check). */
  privilege: Privilege | null;
  /** Lock states that refuse the action with 409. */
  refusedWhen: readonly LockCondition[];
  /** What the action does, completing "You do not have the … privilege needed to …". */
  purpose: string;
  /** What the locked state prevents, completing "Job 7 is locked; …" (lock refusals only). */
  blocked?: string;
  /** What a final job prevents, completing "Job 7 is final: …, so …" (with `final` in `refusedWhen`). */
  final?: string;
  /** A read sent with POST (a search): no privilege, nothing changes; listed so every route is named. */
  readOnly?: true;
  /**
   * The route acts on a selection (`POST /{entity}/bulk`): its privilege and lock conditions are
   * those of the single action `bulkActionRule` maps the body's `action` to, checked for the request
   * and for every record. The row itself grants nothing.
   */
  bulk?: true;
}

export const ACTIONS = {
  'session.login': { privilege: null, refusedWhen: [], purpose: 'sign in' },
  'session.logout': { privilege: null, refusedWhen: [], purpose: 'sign out' },

  'job.create': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'create a job' },
  'job.rename': { privilege: 'CREATE_JOB', refusedWhen: ['record'], purpose: 'rename a job', blocked: 'its name cannot be changed' },
  'job.lock': { privilege: 'LOCK_JOB', refusedWhen: ['record'], purpose: 'lock a job' },
  'job.unlock': { privilege: 'UNLOCK_JOB', refusedWhen: ['record-unlocked'], purpose: 'unlock a job' },
  'job.edit-destruction-record': {
    privilege: 'CREATE_JOB',
    refusedWhen: ['record'],
    purpose: 'edit the destruction record of a job',
    blocked: 'its destruction record cannot be changed',
  },
  /** The e-mail to operations that a job is ready: for those who make jobs (the spec shows no check; a read-only user must not mail). */
  'job.notify-ready': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'send the Job Ready notification' },
  'job.upload-file': { privilege: 'CREATE_JOB', refusedWhen: ['record'], purpose: 'add pictures and documents to a job', blocked: 'files cannot be added' },
  'job.move-container-to-yb': {
    privilege: 'MOVE_CONTAINER',
    refusedWhen: ['final', 'job', 'record', 'own-locked-items'],
    purpose: 'move a container',
    blocked: 'its containers cannot be moved',
    final: 'its containers cannot be moved to the Yellow Bucket',
  },
  /**
   * The job's DEA Form 41 and Certificate of Destruction, stored with the job: final documents need
   * a locked job. The Form 41 draft (`?draft=1`) is the same route for a job in any state,
   * downloaded only: the web offers it to whoever may perform `job.form-41`.
   */
  'job.form-41': {
    privilege: 'CREATE_JOB',
    refusedWhen: ['record-unlocked'],
    purpose: 'generate the DEA Form 41 of a job',
    blocked: 'lock it before generating the final Form 41, or download the draft',
  },
  /**
   * A signed scan of a generated Form 41 or certificate, kept beside the version it signs (the
   * generated slot itself takes no upload). The job is locked by then: no lock condition refuses it.
   */
  'job.attach-signed-copy': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'attach the signed copy of a generated document' },
  'job.certificate': {
    privilege: 'CREATE_JOB',
    refusedWhen: ['record-unlocked'],
    purpose: 'generate the Certificate of Destruction of a job',
    blocked: 'lock it before generating the Certificate of Destruction',
  },
  /** What the client declared for the pickup (rules/declared-inventory.ts): typed or uploaded, until the job is locked. */
  'job.declare': {
    privilege: 'CREATE_JOB',
    refusedWhen: ['final', 'record'],
    purpose: "change a job's declared inventory",
    blocked: 'its declared inventory cannot be changed',
    final: 'its declared inventory is kept as it was',
  },
  /** A difference between what the client declared and what arrived, resolved with its reason (rules/reconciliation.ts): whoever locks the job for destruction. */
  'job.resolve-discrepancy': {
    privilege: 'LOCK_JOB',
    refusedWhen: ['final', 'record'],
    purpose: 'resolve a difference between what the client declared and what arrived',
    blocked: 'its reconciliation is kept as it was',
    final: 'its reconciliation is kept as it was',
  },
  /** The reconciliation's PDF for the client, a download of what the records say (any state of the job). */
  'job.reconciliation-pdf': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: "make the reconciliation's PDF of a job" },

  /**
   * A witness confirms, with their own password, on the job's destruction record (rules/witnesses.ts);
   * recorded by whoever is signed in where they type it. Locked or not: witnessing changes nothing
   * witnessed. Refused once the job's Form 41 printed its witnesses (the service checks that).
   */
  'job.confirm-witness': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: "record a witness's confirmation" },
  /** A witness's confirmation withdrawn, with the reason (the same refusal once the Form 41 printed it). */
  'job.withdraw-witness': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: "withdraw a witness's confirmation" },

  /** A loss's reports recorded: the day the written notice went to DEA, the day the Form 106 was filed and its number (rules/losses.ts). */
  'loss.record-report': { privilege: 'LOCK_JOB', refusedWhen: [], purpose: 'record the reports of a theft or loss' },
  /** The Form 106 worksheet of a loss, a download. */
  'loss.worksheet': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'make the Form 106 worksheet of a loss' },

  'container.create': { privilege: 'CREATE_CONTAINER', refusedWhen: ['job'], purpose: 'add a container', blocked: 'containers cannot be added' },
  'container.edit': {
    privilege: 'CREATE_CONTAINER',
    refusedWhen: ['final', 'job', 'record'],
    purpose: 'edit a container',
    blocked: 'its containers cannot be changed',
    final: 'its containers cannot be changed',
  },
  /** Spec 2 §6: a Yellow Bucket container is edited with CREATE_LINE_ITEM. */
  'yb-container.edit': {
    privilege: 'CREATE_LINE_ITEM',
    refusedWhen: ['final', 'job', 'record'],
    purpose: 'edit a Yellow Bucket container',
    blocked: 'its containers cannot be changed',
    final: 'its containers cannot be changed',
  },
  'container.lock': { privilege: 'LOCK_CONTAINER', refusedWhen: ['job', 'record'], purpose: 'lock a container', blocked: 'its containers cannot be locked on their own' },
  'container.unlock': {
    privilege: 'UNLOCK_CONTAINER',
    refusedWhen: ['job', 'record-unlocked'],
    purpose: 'unlock a container',
    blocked: 'its containers cannot be unlocked on their own',
  },
  'container.move': {
    privilege: 'MOVE_CONTAINER',
    refusedWhen: ['final', 'job', 'record', 'own-locked-items'],
    purpose: 'move a container',
    blocked: 'its containers cannot be changed',
    final: 'its containers cannot be moved out of it',
  },
  'container.delete': {
    privilege: 'DELETE_CONTAINER',
    refusedWhen: ['final', 'job', 'record', 'own-locked-items'],
    purpose: 'delete a container',
    blocked: 'its containers cannot be changed',
    final: 'its containers cannot be deleted',
  },

  'line-item.create': { privilege: 'CREATE_LINE_ITEM', refusedWhen: ['job', 'container'], purpose: 'add a line item', blocked: 'line items cannot be added' },
  'line-item.change-ndc': {
    privilege: 'CREATE_LINE_ITEM',
    refusedWhen: ['final', 'job', 'container', 'record'],
    purpose: 'change the NDC of a line item',
    blocked: 'its line items cannot be changed',
    final: 'the NDCs of its line items cannot be changed',
  },
  'line-item.edit': {
    privilege: 'CREATE_LINE_ITEM',
    refusedWhen: ['final', 'job', 'container', 'record'],
    purpose: 'edit a line item',
    blocked: 'its line items cannot be changed',
    final: 'its line items cannot be changed',
  },
  'line-item.lock': {
    privilege: 'LOCK_LINE_ITEM',
    refusedWhen: ['job', 'container', 'record'],
    purpose: 'lock a line item',
    blocked: 'its line items cannot be locked on their own',
  },
  'line-item.unlock': {
    privilege: 'UNLOCK_LINE_ITEM',
    refusedWhen: ['job', 'container', 'record-unlocked'],
    purpose: 'unlock a line item',
    blocked: 'its line items cannot be unlocked on their own',
  },
  'line-item.move': {
    privilege: 'MOVE_LINE_ITEM',
    refusedWhen: ['final', 'job', 'container', 'record'],
    purpose: 'move a line item',
    blocked: 'its line items cannot be changed',
    final: 'its line items cannot be moved to another container',
  },
  'line-item.delete': {
    privilege: 'DELETE_LINE_ITEM',
    refusedWhen: ['final', 'job', 'container', 'record'],
    purpose: 'delete a line item',
    blocked: 'its line items cannot be changed',
    final: 'its line items cannot be deleted',
  },

  /**
   * Corrections of a final job's records (corrections.ts): whoever enters line items may ask for one;
   * a second person with APPROVE_CORRECTION approves (applies) or rejects it, never the one who asked.
   */
  'correction.request': { privilege: 'CREATE_LINE_ITEM', refusedWhen: [], purpose: 'ask for a correction of a final record' },
  'correction.approve': { privilege: 'APPROVE_CORRECTION', refusedWhen: [], purpose: 'approve or reject a correction of a final record' },

  'registration.upload-picture': { privilege: 'UPDATE_REGISTRATION', refusedWhen: [], purpose: 'change a registration' },

  /**
   * The Form 222 register (order-forms.ts): whoever makes jobs issues a client its Form 222 and keeps
   * its lines; marking a form executed, void or lost — what decides whether it may still be used —
   * is for those who may unlock a job. A form's own state (void, lost) refuses with 409 in the service.
   */
  'order-form.issue': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'issue a Form 222' },
  'order-form.edit': { privilege: 'CREATE_JOB', refusedWhen: [], purpose: 'change a Form 222' },
  'order-form.void': { privilege: 'UNLOCK_JOB', refusedWhen: [], purpose: 'mark a Form 222 executed, void or lost' },

  /** Exports, reports and labels write a file for the user to download; the spec shows no check. */
  'records.export': { privilege: null, refusedWhen: [], purpose: 'export a list' },
  'report.export': { privilege: null, refusedWhen: [], purpose: 'download a report' },
  'records.search': { privilege: null, refusedWhen: [], purpose: 'search', readOnly: true },
  /** Bulk actions on a selection: each is the single action `bulkActionRule` names, record by record. */
  'records.bulk': { privilege: null, refusedWhen: [], purpose: 'act on a selection of records', bulk: true },

  'user.manage': { privilege: 'MANAGE_USERS', refusedWhen: [], purpose: 'manage user accounts' },
  'settings.edit': { privilege: 'MANAGE_SETTINGS', refusedWhen: [], purpose: 'change our registration in the settings' },
  /** The holidays business days skip (rules/business-days.ts): whoever keeps our registration keeps them. */
  'settings.holidays': { privilege: 'MANAGE_SETTINGS', refusedWhen: [], purpose: 'keep the holiday calendar' },
  /**
   * The records our registration files and keeps: an ARCOS report (kept two years, the baseline the
   * next report corrects) and an inventory (21 CFR 1304.11). Whoever keeps our registration makes them.
   */
  'arcos.generate': { privilege: 'MANAGE_SETTINGS', refusedWhen: [], purpose: 'make an ARCOS report of our registration' },
  'inventory.take': { privilege: 'MANAGE_SETTINGS', refusedWhen: [], purpose: 'take an inventory of the controlled substances on hand' },

  /** A user's own saved finds of the list screens: any signed-in user, never another user's. */
  'savedFind.create': { privilege: null, refusedWhen: [], purpose: 'save a find' },
  'savedFind.edit': { privilege: null, refusedWhen: [], purpose: 'change a saved find' },
  'savedFind.delete': { privilege: null, refusedWhen: [], purpose: 'delete a saved find' },
  /** A user's own choice of the columns a list shows (the column chooser): any signed-in user, for themselves. */
  'listColumns.choose': { privilege: null, refusedWhen: [], purpose: 'choose the columns of a list' },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && Object.hasOwn(ACTIONS, value);
}

export function actionRule(action: Action): ActionRule {
  return ACTIONS[action];
}

/** Whether privileges allow the action, whatever the lock state. */
export function mayPerform(privileges: readonly string[] | undefined, action: Action): boolean {
  const { privilege } = actionRule(action);
  return privilege === null || hasPrivilege(privileges, privilege);
}

/** The message of a 403 for the action. */
export function missingPrivilegeMessage(action: Action): string {
  const { privilege, purpose } = actionRule(action);
  return `You do not have the ${privilege} privilege needed to ${purpose}.`;
}

/** A record's lock state as far as the action looks at it; absent parts count as unlocked. */
export interface LockState {
  job?: boolean;
  container?: boolean;
  record?: boolean;
  /** A container's line items locked on their own (LOCK_LINE_ITEM): how many. */
  ownLockedItems?: number;
  /** The record's job: whether it is final, and why (absent: not looked at, so not final). */
  final?: JobFinality;
}

/** The first condition of the action's table row that the state meets, or undefined when allowed. */
export function lockRefusal(action: Action, state: LockState): LockCondition | undefined {
  return actionRule(action).refusedWhen.find((condition) => {
    switch (condition) {
      case 'job':
        return state.job === true;
      case 'container':
        return state.container === true;
      case 'record':
        return state.record === true;
      case 'record-unlocked':
        return state.record !== true;
      case 'own-locked-items':
        return (state.ownLockedItems ?? 0) > 0;
      case 'final':
        return isFinal(state.final);
    }
  });
}

/** Whether the user may perform the action on a record in this lock state: what the web shows. */
export function canPerform(privileges: readonly string[] | undefined, action: Action, state: LockState = {}): boolean {
  return mayPerform(privileges, action) && lockRefusal(action, state) === undefined;
}

/**
 * The message of a lock refusal (409), naming what is locked. `noun` names the record ("Container",
 * "Yellow Bucket line item").
 */
export function lockRefusalMessage(
  action: Action,
  condition: LockCondition,
  ids: { noun: string; id: number | string; jobId?: number | string; containerId?: number | string; ownLockedItems?: number; final?: JobFinality },
): string {
  const { blocked, final } = actionRule(action);
  const lock = action.endsWith('.lock');
  switch (condition) {
    case 'job':
      return `Job ${ids.jobId} is locked; ${blocked ?? 'nothing in it can be changed'}.`;
    case 'container':
      return `Container ${ids.containerId} is locked; ${blocked ?? 'nothing in it can be changed'}.`;
    case 'record':
      if (lock) return `${ids.noun} ${ids.id} is already locked.`;
      return blocked && ids.noun === 'Job' ? `Job ${ids.id} is locked; ${blocked}.` : `${ids.noun} ${ids.id} is locked.`;
    case 'record-unlocked':
      // An action that needs a locked record says what to do; an unlock has nothing to unlock.
      if (blocked && !action.endsWith('.unlock')) return `${ids.noun} ${ids.id} is not locked; ${blocked}.`;
      return `${ids.noun} ${ids.id} is already unlocked.`;
    case 'own-locked-items':
      return ownLockedItemsMessage(ids.noun, ids.id, ids.ownLockedItems ?? 1, action.endsWith('.delete') ? 'deleted' : 'moved');
    case 'final':
      return finalRefusalMessage(ids.jobId ?? ids.id, ids.final ?? { dateDestroyed: null, form41: false, reported: true }, final ?? 'nothing in it can be changed');
  }
}

/**
 * Why the action is refused in this lock state, in words (what a dialog shows before anything is
 * sent), or undefined when the lock state allows it.
 */
export function lockRefusalText(
  action: Action,
  state: LockState,
  ids: { noun: string; id: number | string; jobId?: number | string; containerId?: number | string },
): string | undefined {
  const condition = lockRefusal(action, state);
  return condition
    ? lockRefusalMessage(action, condition, {
        ...ids,
        ...(state.ownLockedItems !== undefined ? { ownLockedItems: state.ownLockedItems } : {}),
        ...(state.final ? { final: state.final } : {}),
      })
    : undefined;
}

/** The lists whose selections take bulk actions (`POST /{entity}/bulk`). */
export const BULK_ENTITIES = ['line-items', 'yb-line-items', 'containers', 'yb-containers'] as const;
export type BulkEntity = (typeof BULK_ENTITIES)[number];

/** What a bulk request may do to its selection. */
export const BULK_ACTIONS = ['lock', 'unlock', 'move', 'delete', 'export'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most records one bulk request acts on. */
export const BULK_MAX_RECORDS = 10_000;

export function isBulkEntity(value: unknown): value is BulkEntity {
  return typeof value === 'string' && (BULK_ENTITIES as readonly string[]).includes(value);
}

/** Whether a bulk list holds line items (else containers), standard or Yellow Bucket. */
export function isLineItemList(entity: BulkEntity): entity is 'line-items' | 'yb-line-items' {
  return entity === 'line-items' || entity === 'yb-line-items';
}

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === 'string' && (BULK_ACTIONS as readonly string[]).includes(value);
}

/**
 * The single action of the permission table a bulk action performs on each record of the
 * selection: its privilege decides whether the bulk request is taken at all (`mayPerform`), its lock
 * conditions which records are refused. Export is the list export.
 */
export function bulkActionRule(entity: BulkEntity, action: BulkAction): Action {
  if (action === 'export') return 'records.export';
  const record = isLineItemList(entity) ? 'line-item' : 'container';
  return `${record}.${action}`;
}

/** The 400 of a selection over `BULK_MAX_RECORDS`. */
export function bulkSelectionTooLargeMessage(count: number): string {
  return `A selection may hold at most ${BULK_MAX_RECORDS.toLocaleString('en-US')} records; this one holds ${count.toLocaleString('en-US')}. Narrow the find or select fewer.`;
}
