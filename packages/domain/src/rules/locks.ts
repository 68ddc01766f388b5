import type { EntityCatalogue } from '../catalogue/records/catalogue.ts';

/**
 * Lock rules of spec 2 §4. A flag is "locked" when it reads Yes (any case) or is true.
 * A container is locked by its own flag or its job's; a line item by its own, its container's or
 * its job's. An item whose parent is locked cannot be unlocked.
 */
export function isYes(flag: unknown): boolean {
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'yes');
}

export function isContainerLocked(container: { locked: unknown; jobLocked: unknown }): boolean {
  return isYes(container.locked) || isYes(container.jobLocked);
}

export function isLineItemLocked(item: { locked: unknown; containerLocked: unknown; jobLocked: unknown }): boolean {
  return isYes(item.locked) || isYes(item.containerLocked) || isYes(item.jobLocked);
}

/** Why a record is locked, for messages: its own flag, or which parent. */
export function lockReason(parts: { own: unknown; container?: unknown; job?: unknown }): 'own' | 'container' | 'job' | undefined {
  if (isYes(parts.job)) return 'job';
  if (isYes(parts.container)) return 'container';
  if (isYes(parts.own)) return 'own';
  return undefined;
}

/**
 * Why a container holding line items locked on their own may not be deleted, moved to another job
 * or moved to the Yellow Bucket: such an item is final wherever its container would go.
 */
export function ownLockedItemsMessage(noun: string, id: number | string, count: number, what: 'deleted' | 'moved'): string {
  const items = count === 1 ? 'a line item locked on its own' : `${count} line items locked on their own`;
  return `${noun} ${id} holds ${items}; it cannot be ${what} while ${count === 1 ? 'that item stays' : 'they stay'} locked.`;
}

/**
 * Whether a list shows the record as locked: its own lock flag or a parent's (spec 2 §4: a container
 * is locked when its job is, a line item when its container or job is). Bulk actions refuse exactly
 * these records.
 */
export function isShownLocked(catalogue: Pick<EntityCatalogue, 'lockField' | 'parentLockFields'>, fieldData: Readonly<Record<string, unknown>>): boolean {
  if (!catalogue.lockField) return false;
  return [catalogue.lockField, ...(catalogue.parentLockFields ?? [])].some((field) => isYes(fieldData[field]));
}
