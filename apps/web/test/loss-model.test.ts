import { describe, expect, it } from 'vitest';
import { deadlineCellColor, deadlineColor, lossView, whoReports } from '../src/features/losses/loss-model.ts';
import type { ListRecord } from '../src/lib/records/record-shapes.ts';

const record = (fields: Record<string, string | number>): ListRecord => ({ recordId: '7', modId: '2', fieldData: { 'Loss ID': 7, ...fields }, portalData: {} }) as ListRecord;

describe('a loss as its screen shows it', () => {
  it('reads where each deadline stands against today', () => {
    const view = lossView(
      record({
        'Kind Code': 'theft',
        Kind: 'Theft',
        'Notice Due': '11/30/2026',
        'Notice Sent': '',
        'Form 106 Due': '01/13/2027',
        'Form 106 Filed': '12/01/2026',
        'Form 106 Number': 'TLR-1',
        Item: 'DIAZEPAM 5 MG',
        'Company Name': 'Riverside',
      }),
      '2026-12-02',
    );
    expect(view).toMatchObject({ id: '7', modId: '2', kind: 'theft', item: 'DIAZEPAM 5 MG' });
    expect(view.notice).toEqual({ due: '11/30/2026', doneOn: '', state: 'missed' });
    expect(view.form106).toEqual({ due: '01/13/2027', doneOn: '12/01/2026', state: 'done', number: 'TLR-1' });
    expect(deadlineColor(view.notice.state)).toBe('red');
    expect(deadlineColor('due-today')).toBe('orange');
    expect(deadlineColor('done')).toBe('teal');
  });

  it('says who reports: us for a theft, the client for a loss in transit', () => {
    expect(whoReports({ kind: 'theft', client: 'Riverside' })).toMatch(/^A theft is reported by us/);
    expect(whoReports({ kind: 'in-transit', client: 'Riverside' })).toMatch(/by the supplier — Riverside/);
  });

  it('colours the list’s deadline cells', () => {
    expect(deadlineCellColor('Missed 11/30/2026')).toBe('red');
    expect(deadlineCellColor('Done 12/01/2026 (late)')).toBe('red');
    expect(deadlineCellColor('Due today')).toBe('orange');
    expect(deadlineCellColor('Done 11/30/2026')).toBe('teal');
    expect(deadlineCellColor('Due 12/14/2026')).toBe('blue');
    expect(deadlineCellColor('')).toBeUndefined();
  });
});
