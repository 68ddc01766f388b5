import { describe, expect, it } from 'vitest';
import { LINE_ITEM_MESSAGES } from '../../src/rules/line-items.ts';
import { isControlledSchedule } from '../../src/rules/line-item-quantities.ts';
import { holdingRegistrationOf, REGISTRANT_MESSAGES, registrantProblem, scheduleFlagsOf } from '../../src/rules/registrants.ts';

const dea = { registrationNumber: 'BA1234563', licenseType: 'Federal', schedules: ['2', '2N', '3', 'NC'] };
const state = { registrationNumber: 'AR-HPH-246583', licenseType: 'State', schedules: ['2', '2N', '3', '4', 'NC'] };

describe('registrantProblem', () => {
  it('lets a DEA registration hold the schedules it is registered for, in any case', () => {
    expect(registrantProblem(dea, '2')).toBeUndefined();
    expect(registrantProblem(dea, '2n')).toBeUndefined();
    expect(registrantProblem(dea, ' 3 ')).toBeUndefined();
    expect(registrantProblem(dea, 'NC')).toBeUndefined();
  });

  it('refuses a controlled substance on a State licence, naming the registration, whatever its flags', () => {
    expect(registrantProblem(state, '3')).toBe(REGISTRANT_MESSAGES.stateLicence('AR-HPH-246583', '3'));
    expect(registrantProblem(state, '3')).toContain('AR-HPH-246583 is a State licence, not a DEA registration');
    expect(registrantProblem(state, '2N')).toContain('Schedule 2N');
  });

  it('lets a State licence hold what is not controlled when its flags allow it', () => {
    expect(registrantProblem(state, 'NC')).toBeUndefined();
    expect(registrantProblem(state, 'LC')).toBe(REGISTRANT_MESSAGES.notCovered('AR-HPH-246583', 'LC'));
  });

  it('refuses a controlled substance on a Federal registration whose number fails the DEA check digit', () => {
    const typo = { ...dea, registrationNumber: 'BA1234564' };
    const problem = registrantProblem(typo, '2');
    expect(problem).toContain('BA1234564 does not hold a valid DEA number');
    expect(problem).toContain('check digit');
  });

  it('keeps the spec’s words for a schedule the registration lacks, and names the registration', () => {
    const problem = registrantProblem(dea, '4');
    expect(problem).toBe(`${LINE_ITEM_MESSAGES.registrationSchedule}: registration BA1234563 is not registered for Schedule 4.`);
  });

  it('leaves a blank schedule to the NDC’s own checks', () => {
    expect(registrantProblem(state, '')).toBeUndefined();
    expect(registrantProblem(state, null)).toBeUndefined();
  });
});

describe('schedules of a registration row', () => {
  it('reads the flags set to true, in the schedules’ order', () => {
    expect(scheduleFlagsOf({ schedule_2: true, schedule_2n: true, schedule_4: false, schedule_nc: true, schedule_lc: null })).toEqual(['2', '2N', 'NC']);
    expect(holdingRegistrationOf({ registration_number: 'BA1234563', license_type: 'Federal', schedule_3: true })).toEqual({ registrationNumber: 'BA1234563', licenseType: 'Federal', schedules: ['3'] });
  });

  it('knows which schedules are controlled', () => {
    expect(['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N'].every(isControlledSchedule)).toBe(true);
    expect(isControlledSchedule('LC')).toBe(false);
    expect(isControlledSchedule('NC')).toBe(false);
    expect(isControlledSchedule('')).toBe(false);
  });
});
