import { z } from 'zod';
import { ARCOS_MESSAGES, parseArcosPeriod } from '../rules/arcos.ts';
import { trimLine } from '../rules/text.ts';

/** `POST /reports/arcos { period }`. */
export const arcosRequestSchema = z.object({
  period: z
    .string({ message: ARCOS_MESSAGES.period })
    .overwrite(trimLine)
    .refine((v) => parseArcosPeriod(v) !== null, { message: ARCOS_MESSAGES.period }),
});
export type ArcosRequest = z.infer<typeof arcosRequestSchema>;
