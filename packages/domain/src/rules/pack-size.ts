import { isBulkNdc } from './line-items.ts';

/**
 * A line item of a complete NDC is held to its NDC's package. The NDC's
 * package code names one package of the product (21 CFR 207.35), so 00406-0552-01 is the bottle of
 * 30: a pack size of 5,000 recorded for it multiplies every quantity Form 41 and ARCOS report from
 * it, and the records must be accurate (21 CFR 1304.21(a)). Another pack size is kept only with the
 * reason for it (a pharmacy that repackaged, a dictionary entry that is wrong), one line on the record
 * beside it. A bulk NDC has no package, nor does an entry without a package size: nothing to hold to.
 * docs/dea-paperwork.md "Pack size follows the NDC's package".
 */

/** The most characters a Pack Size Reason holds: one line, enough to say why. */
export const PACK_SIZE_REASON_MAX = 200;

/** An NDC's package as its dictionary entry gives it (`package_size`, `package_size_uom`; the lookup's `packSizeLookup`, `packSizeUoMLookup`). */
export interface NdcPackage {
  size: string | number | null | undefined;
  uom: string | null | undefined;
}

/** What the rule reads of a line item, as entered or as stored. */
export interface PackSizeEntry {
  ndc?: string | null | undefined;
  packSize?: string | number | null | undefined;
  packSizeUoM?: string | null | undefined;
  packSizeReason?: string | null | undefined;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const amount = (v: unknown): number | undefined => {
  const t = text(v);
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * U, D and K count the same dosage units: D and K only say that ARCOS reports the count in dozens or
 * thousands (line-item-quantities.ts), the pack size stays the units in a package. 1,000 K is the
 * package of 1,000 U.
 */
const COUNT_UOMS = new Set(['U', 'D', 'K']);
const unitOf = (uom: unknown) => {
  const u = text(uom).toUpperCase();
  return COUNT_UOMS.has(u) ? 'U' : u;
};

const formatAmount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "30 U": the package as the messages and the form name it; '' when the entry gives no size. */
export function packageText(pkg: NdcPackage): string {
  const size = amount(pkg.size);
  if (size === undefined) return '';
  const uom = text(pkg.uom);
  return uom ? `${formatAmount(size)} ${uom}` : formatAmount(size);
}

/**
 * Whether the line item holds its NDC's package: a complete NDC whose entry gives a package size,
 * and a pack size of that number in that unit (case aside; "100" is 100.0).
 */
export function holdsPackage(entry: PackSizeEntry, pkg: NdcPackage): boolean {
  if (isBulkNdc(entry.ndc)) return false;
  const size = amount(pkg.size);
  if (size === undefined || amount(entry.packSize) !== size) return false;
  return text(pkg.uom) === '' || unitOf(entry.packSizeUoM) === unitOf(pkg.uom);
}

/**
 * Whether the line item's pack size is not its NDC's package: a complete NDC whose entry gives a
 * package size, and a pack size of another number or unit (case aside; "100" is 100.0). An empty
 * pack size is the lock check's to name (record-completeness.ts), one that is not a number the
 * entry's; neither is a package of another size.
 */
export function packSizeDiffersFromPackage(entry: PackSizeEntry, pkg: NdcPackage): boolean {
  if (isBulkNdc(entry.ndc) || amount(pkg.size) === undefined || amount(entry.packSize) === undefined) return false;
  return !holdsPackage(entry, pkg);
}

const DIFFERS = ' differs from the package of NDC ';

/**
 * The refusal of a pack size that is not the NDC's package and has no reason, naming both and what
 * to do. A correction cannot add a reason (Pack Size Reason is not a field a correction changes), so
 * its approver is told what a correction can do instead.
 */
export function packSizeReasonProblem(entry: PackSizeEntry, pkg: NdcPackage, options: { correction?: boolean } = {}): string | undefined {
  if (!packSizeDiffersFromPackage(entry, pkg) || text(entry.packSizeReason) !== '') return undefined;
  const uom = text(entry.packSizeUoM);
  const given = `Pack Size ${formatAmount(amount(entry.packSize)!)}${uom ? ` ${uom}` : ''}${DIFFERS}${text(entry.ndc)} (${packageText(pkg)})`;
  return options.correction
    ? `${given} and the line item holds no Pack Size Reason, which a correction cannot add: correct Pack Size to the package's size, or reject this correction.`
    : `${given}: enter the package's size, or give the reason in Pack Size Reason.`;
}

/** Whether a message is packSizeReasonProblem's (the form puts it beside Pack Size, UoM and Pack Size Reason). */
export function isPackSizeReasonProblem(message: string): boolean {
  return message.startsWith('Pack Size ') && message.includes(DIFFERS);
}

/**
 * Whether an edit changes what the rule reads: the NDC, the pack size (as a number), its UoM or the
 * reason. An edit or a correction of another field of a line item written before the rule is not
 * held to it; one that touches the pack size is.
 */
export function packSizeEntryChanged(before: PackSizeEntry, after: PackSizeEntry): boolean {
  return (
    text(before.ndc) !== text(after.ndc) ||
    amount(before.packSize) !== amount(after.packSize) ||
    text(before.packSizeUoM).toUpperCase() !== text(after.packSizeUoM).toUpperCase() ||
    text(before.packSizeReason) !== text(after.packSizeReason)
  );
}
