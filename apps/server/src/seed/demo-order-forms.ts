import type { NewLineItem } from '../db/tables/line-items.table.ts';
import type { NewOrderForm } from '../db/tables/order-forms.table.ts';
import { addDays } from './calendar.ts';
import type { SeedContainer } from './demo-containers.ts';

/**
 * The Form 222 register of the demo: each Form 222 number the demo's Schedule I/II items carry
 * becomes a paper form issued to their job's registration a week before the first of them arrived,
 * executed, one numbered line an item (its NDC, its packages); one form in five ordered a package
 * more on its first line than arrived, so it reads "Partly received". The items name their form and
 * line. A number drawn twice stays typed on the later job's items, with no form, as an item typed
 * before the register was.
 */
export function buildOrderForms(items: (NewLineItem & { id: number })[], containers: readonly SeedContainer[]) {
  const registrationOfJob = new Map(containers.map((c) => [c.job.row.id, c.job.row.registration_id]));
  const byNumber = new Map<string, (NewLineItem & { id: number })[]>();
  for (const item of items) {
    if (!item.form_222_number) continue;
    byNumber.set(item.form_222_number, [...(byNumber.get(item.form_222_number) ?? []), item]);
  }
  const forms: (NewOrderForm & { id: number })[] = [];
  const lines: { form_id: number; line_no: number; ndc: string; item: string | null; packages: number; package_size: string | null }[] = [];
  for (const [number, held] of byNumber) {
    const jobId = held[0]!.job_id;
    const ofJob = held.filter((item) => item.job_id === jobId).slice(0, 20);
    const id = forms.length + 1;
    const firstDay = ofJob.map((item) => String(item.created_at).slice(0, 10)).sort()[0]!;
    const issuedOn = addDays(firstDay, -7);
    forms.push({
      id,
      registration_id: registrationOfJob.get(jobId)!,
      form_number: number,
      form_kind: 'paper',
      issued_on: issuedOn,
      status: 'executed',
      status_changed_at: `${addDays(issuedOn, 1)}T15:00:00Z`,
      status_changed_by: 'admin',
      created_at: `${issuedOn}T14:00:00Z`,
      created_by: 'admin',
      modified_at: `${addDays(issuedOn, 1)}T15:00:00Z`,
      modified_by: 'admin',
    });
    ofJob.forEach((item, index) => {
      const packages = Math.max(1, Math.ceil(Number(item.pack_quantity ?? 1)));
      const short = index === 0 && id % 5 === 0 ? 1 : 0;
      lines.push({
        form_id: id,
        line_no: index + 1,
        ndc: item.ndc,
        item: item.ndc_description ?? null,
        packages: packages + short,
        package_size: item.pack_size !== null && item.pack_size !== undefined ? `${item.pack_size} ${item.pack_size_uom ?? ''}`.trim().slice(0, 60) : null,
      });
      item.order_form_id = id;
      item.order_form_line = index + 1;
    });
  }
  return { forms, lines };
}
