import { describe, expect, it } from 'vitest';
import { TIME_ZONE_MESSAGES } from '../../src/rules/dates.ts';
import { DEA_NUMBER_MESSAGES } from '../../src/rules/registration.ts';
import { SETTINGS_MESSAGES } from '../../src/rules/settings.ts';
import { readSettingsInput } from '../../src/contracts/settings.ts';

describe('readSettingsInput', () => {
  it('reads a full identity: DEA number and state upper-cased, text trimmed', () => {
    const { changes, problems } = readSettingsInput({
      'Registrant Name': ' Riverbend Returns LLC ',
      'DEA Registration Number': 'rr1234563',
      'Address Line 1': '400 Commerce Way',
      City: 'Columbus',
      State: 'oh',
      ZIP: '43215-1234',
      Telephone: '(614) 555-0100',
      'Contact Name': 'Dana Whitfield',
    });
    expect(problems).toEqual([]);
    expect(changes).toEqual({
      registrantName: 'Riverbend Returns LLC',
      deaNumber: 'RR1234563',
      addressLine1: '400 Commerce Way',
      city: 'Columbus',
      state: 'OH',
      zip: '43215-1234',
      telephone: '(614) 555-0100',
      contactName: 'Dana Whitfield',
    });
  });

  it('takes a time zone by its IANA name', () => {
    expect(readSettingsInput({ 'Time Zone': ' America/Chicago ' })).toEqual({ changes: { timeZone: 'America/Chicago' }, problems: [] });
    expect(readSettingsInput({ 'Time Zone': 'UTC' }).changes).toEqual({ timeZone: 'UTC' });
  });

  it('empties a field sent as ""', () => {
    expect(readSettingsInput({ 'Address Line 2': '', 'DEA Registration Number': ' ' }).changes).toEqual({ addressLine2: null, deaNumber: null });
  });

  it.each([
    ['DEA Registration Number', 'RR1234564', DEA_NUMBER_MESSAGES.checkDigit],
    ['DEA Registration Number', 'LR1234563', DEA_NUMBER_MESSAGES.firstLetter],
    // A pharmacy's number is a valid DEA number, but not ours.
    ['DEA Registration Number', 'BJ1234563', DEA_NUMBER_MESSAGES.notReverseDistributor],
    ['Registrant Name', 'Riverbend\u202E Returns', 'Registrant Name holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored'],
    ['Contact Name', 'Dana\u200BWhitfield', 'Contact Name holds an invisible or text-direction character (U+200B): type it again without it, so that what is printed is what is stored'],
    ['Time Zone', '', TIME_ZONE_MESSAGES.required],
    ['Time Zone', 'Eastern', TIME_ZONE_MESSAGES.unknown('Eastern')],
    ['Time Zone', 'America/Nowhere', TIME_ZONE_MESSAGES.unknown('America/Nowhere')],
    ['DEA Registration Number', 'RR12345', DEA_NUMBER_MESSAGES.format],
    ['State', 'Ohio', SETTINGS_MESSAGES.state],
    ['ZIP', '4321', SETTINGS_MESSAGES.zip],
    ['Telephone', '555', SETTINGS_MESSAGES.telephone],
    ['City', 'x'.repeat(101), 'City can be at most 100 characters'],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(readSettingsInput({ [field]: value }).problems).toEqual([message]);
  });
});
