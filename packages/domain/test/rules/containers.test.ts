import { describe, expect, it } from 'vitest';
import { CONTAINER_MESSAGES, changedContainerFields, grossWeight } from '../../src/rules/containers.ts';
import { containerFieldsSchema } from '../../src/contracts/containers.ts';

describe('container fields', () => {
  it('reads weights as numbers (text or number), empty as null', () => {
    expect(containerFieldsSchema.parse({ netWeight: '12.5', packageWeight: 2, pallet: '', containerName: ' Box 1 ' })).toEqual({
      netWeight: 12.5,
      packageWeight: 2,
      pallet: null,
      containerName: 'Box 1',
    });
    expect(containerFieldsSchema.parse({ netWeight: '' })).toEqual({ netWeight: null });
  });

  it.each([
    [{ netWeight: 'heavy' }, 'Net Weight must be a number written with digits and at most one decimal point, like 12 or 0.5'],
    [{ netWeight: '0x10' }, 'Net Weight must be a number written with digits and at most one decimal point, like 12 or 0.5'],
    [{ netWeight: ' 5 ' }, 'Net Weight must be a number written with digits and at most one decimal point, like 12 or 0.5'],
    [{ netWeight: '1000001' }, 'Net Weight must be a number between 0 and 1,000,000'],
    [{ packageWeight: -1 }, 'Package Weight must be a number between 0 and 1,000,000'],
    [{ containerName: 'Box\n2' }, 'Container Name must be one line of text, without line breaks, tabs or other control characters'],
    [{ containerName: 'x'.repeat(201) }, 'Container Name can be at most 200 characters'],
    [{ pallet: 'x'.repeat(61) }, 'Pallet can be at most 60 characters'],
    [{ pallet: '💊'.repeat(61) }, 'Pallet can be at most 60 characters'],
  ])('refuses %j', (input, message) => {
    const result = containerFieldsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('gross weight is net plus package', () => {
    expect(grossWeight(10, 2.5)).toBe(12.5);
    expect(grossWeight(0.1, 0.2)).toBe(0.3);
    expect(grossWeight(null, 3)).toBe(3);
    expect(grossWeight(undefined, undefined)).toBe(0);
  });

  it('finds only the changed fields', () => {
    expect(changedContainerFields({ a: 'x', b: 1, c: null }, { a: 'x', b: 2, c: '' as unknown as null })).toEqual({ b: 2, c: '' });
    expect(changedContainerFields({ a: 'x' }, { a: 'x' })).toEqual({});
  });

  it('has the spec’s texts', () => {
    expect(CONTAINER_MESSAGES.invalidForm).toBe('Invalid Form');
    expect(CONTAINER_MESSAGES.moveFailed(12)).toBe('Failed to move container to job 12');
    expect(CONTAINER_MESSAGES.moveToYellowBucketConfirm(5)).toBe(
      'Are you sure you want to move container 5? This action will delete the original container permanently.',
    );
  });
});
