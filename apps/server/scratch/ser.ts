import { z } from 'zod';
const fieldValue = z.union([z.string(), z.number()]);
const recordSchema = z.object({ recordId: z.string(), modId: z.string(), fieldData: z.record(z.string(), fieldValue), portalData: z.record(z.string(), z.array(z.record(z.string(), fieldValue))) });
const list = z.object({ data: z.array(recordSchema), dataInfo: z.object({ database: z.string(), layout: z.string(), table: z.string(), totalRecordCount: z.number(), foundCount: z.number(), returnedCount: z.number() }), scriptResult: z.string() });
const body = { data: Array.from({ length: 50 }, (_, i) => ({ recordId: String(i), modId: '0', fieldData: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`Field number ${j}`, j % 2 ? `value ${i} ${j}` : i * j])), portalData: {} })), dataInfo: { database: '3DS', layout: 'x', table: 'x', totalRecordCount: 1, foundCount: 1, returnedCount: 50 }, scriptResult: '{}' };
for (const [name, fn] of [['zod parse + stringify', () => JSON.stringify(list.parse(body))], ['stringify', () => JSON.stringify(body)]] as const) {
  for (let i = 0; i < 200; i++) fn();
  const t = performance.now(); for (let i = 0; i < 2000; i++) fn(); console.log(name, ((performance.now() - t) / 2000).toFixed(3), 'ms');
}
