import { DESTRUCTION_RECORD_MESSAGES } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldsNamedIn } from '../src/components/forms/field-errors.ts';
import { destructionRecordFieldErrors } from '../src/features/jobs/destruction-record-model.ts';

describe('errors beside their fields', () => {
  const named = fieldsNamedIn({ facility: 'Destruction Facility', address: 'Destruction Facility Address', received: 'Date Received', transferred: 'Date Transferred' });

  it('finds the fields a message names, in its order, a longer label before one it contains', () => {
    expect(named('Date Received cannot be before Date Transferred')).toEqual(['received', 'transferred']);
    expect(named('Destruction Facility Address can be at most 400 characters')).toEqual(['address']);
    expect(named('Destruction Facility can be at most 100 characters')).toEqual(['facility']);
    expect(named('Something else')).toEqual([]);
  });

  it('puts a message under its first field and outlines the others, keeping the first message of a field', () => {
    expect(fieldErrorsOf(['Date Received cannot be before Date Transferred', 'Date Transferred cannot be in the future'], named)).toEqual({
      received: 'Date Received cannot be before Date Transferred',
      transferred: 'Date Transferred cannot be in the future',
    });
    expect(fieldErrorsOf(['Date Received cannot be before Date Transferred'], named)).toEqual({ received: 'Date Received cannot be before Date Transferred', transferred: true });
  });

  it('the destruction record: a date order outlines both dates; destroyed without received outlines both', () => {
    expect(destructionRecordFieldErrors([DESTRUCTION_RECORD_MESSAGES.destroyedBeforeReceived])).toEqual({
      dateDestroyed: DESTRUCTION_RECORD_MESSAGES.destroyedBeforeReceived,
      dateReceived: true,
    });
    expect(destructionRecordFieldErrors([DESTRUCTION_RECORD_MESSAGES.destroyedWithoutReceived])).toEqual({
      dateReceived: DESTRUCTION_RECORD_MESSAGES.destroyedWithoutReceived,
      dateDestroyed: true,
    });
    expect(destructionRecordFieldErrors([DESTRUCTION_RECORD_MESSAGES.date('Date Received')])).toEqual({ dateReceived: 'Date Received must be a date as MM/DD/YYYY' });
  });
});
