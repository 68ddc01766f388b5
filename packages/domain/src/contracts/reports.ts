import { z } from 'zod';

/** The report request of spec 1 §3. `showArcos` arrives as 0/1 (or a boolean). */
export const reportRequestSchema = z.object({
  registration: z.union([z.string(), z.number()]).optional().transform((v) => (v === undefined ? '' : String(v).trim())),
  // A number field: a JSON number or digits as sent (the form trims what was typed); the service names what is wrong.
  jobId: z.union([z.string(), z.number()]).optional().transform((v) => (v === undefined ? '' : String(v))),
  containerName: z.string().max(200).optional().transform((v) => v?.trim() ?? ''),
  showArcos: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]).optional().transform((v) => v === 1 || v === '1' || v === true),
  reportType: z.enum(['excelExport', 'perNdc'], { message: 'reportType must be "excelExport" or "perNdc"' }),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;
