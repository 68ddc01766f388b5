import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { IsoDate, NullableTimestamp, RecordAuditColumns } from './record-columns.ts';

/** A DEA Form 222 issued to a client registration (084_order_forms.sql; rules/order-forms.ts). */
export interface OrderFormsTable extends RecordAuditColumns {
  id: Generated<number>;
  /** The client's registration: the supplier the form names. */
  registration_id: number;
  /** A paper form's 9-digit serial number, or an electronic (CSOS) order number (`26X123456`). */
  form_number: string;
  form_kind: 'paper' | 'electronic';
  issued_on: IsoDate;
  status: Generated<'issued' | 'executed' | 'void' | 'lost'>;
  /** Why it was last changed (void and lost need one). */
  status_reason: string | null;
  status_changed_at: NullableTimestamp;
  status_changed_by: string | null;
  note: string | null;
}
export type OrderForm = Selectable<OrderFormsTable>;
export type NewOrderForm = Insertable<OrderFormsTable>;
export type OrderFormUpdate = Updateable<OrderFormsTable>;

/** One numbered line of a form (1–20), one item. */
export interface OrderFormLinesTable {
  form_id: number;
  line_no: number;
  /** `LLLLL-PPPP-KK` (or `…-**`), or null with a description in `item`. */
  ndc: string | null;
  item: string | null;
  packages: number;
  package_size: string | null;
}
export type OrderFormLineRow = Selectable<OrderFormLinesTable>;
