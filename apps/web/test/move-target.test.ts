import { describe, expect, it } from 'vitest';
import { moveTargetOption } from '../src/components/dialogs/move-target.ts';

describe('move targets', () => {
  it('read "{id} — {name}", or the id alone', () => {
    expect(moveTargetOption('114', 'Midland 10/2026 Pickup')).toEqual({ value: '114', label: '114 — Midland 10/2026 Pickup' });
    expect(moveTargetOption('722', ' B ')).toEqual({ value: '722', label: '722 — B' });
    expect(moveTargetOption('114', '')).toEqual({ value: '114', label: '114' });
    expect(moveTargetOption('722', '  ')).toEqual({ value: '722', label: '722' });
  });
});
