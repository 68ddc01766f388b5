import { z } from 'zod';
import { parseUsDate } from '../rules/dates.ts';
import { INVENTORY_MESSAGES, parseInventoryMoment } from '../rules/inventory.ts';
import { trimLine } from '../rules/text.ts';

/** `POST /reports/inventory { asOf }`. */
export const inventoryRequestSchema = z.object({
  asOf: z
    .string({ message: INVENTORY_MESSAGES.asOf })
    .overwrite(trimLine)
    .refine((v) => parseInventoryMoment(v) !== null, { message: INVENTORY_MESSAGES.asOf }),
});
export type InventoryRequest = z.infer<typeof inventoryRequestSchema>;

/** `GET /reports/accountability`: a period (MM/DD/YYYY, both ends included) and a DEA drug code. */
export const accountabilityQuerySchema = z.object({
  from: z.string({ message: 'From is required, written MM/DD/YYYY' }).overwrite(trimLine).refine((v) => parseUsDate(v) !== null, 'From must be a real date, written MM/DD/YYYY'),
  to: z.string({ message: 'To is required, written MM/DD/YYYY' }).overwrite(trimLine).refine((v) => parseUsDate(v) !== null, 'To must be a real date, written MM/DD/YYYY'),
  drugCode: z
    .string({ message: 'Drug Code is required: the 4-digit DEA controlled substance code' })
    .overwrite(trimLine)
    .refine((v) => /^\d{4}$/.test(v), 'Drug Code is the 4-digit DEA controlled substance code, e.g. 9143'),
});
export type AccountabilityQuery = z.infer<typeof accountabilityQuerySchema>;
