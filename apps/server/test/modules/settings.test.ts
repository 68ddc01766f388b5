import { DEA_NUMBER_MESSAGES, TIME_ZONE_MESSAGES } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../../src/db/repositories/settings.repository.ts';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** GET and PATCH /3ds/api/settings: our own registration, printed on the DEA documents. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'MANAGE_USERS'] });
});
afterAll(() => t.close());

const read = (user: string) => t.injectAs(user, { method: 'GET', url: '/3ds/api/settings' });
const change = (user: string, body: unknown) => t.injectAs(user, { method: 'PATCH', url: '/3ds/api/settings', payload: body as object });
const row = () => t.db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

const IDENTITY = {
  'Registrant Name': 'Riverbend Pharmaceutical Returns, LLC',
  'DEA Registration Number': 'rr4830178',
  'Address Line 1': '4100 Commerce Park Drive',
  'Address Line 2': 'Suite 200',
  City: 'Columbus',
  State: 'oh',
  ZIP: '43219',
  Telephone: '(614) 555-0142',
  'Contact Name': 'Dana Whitfield',
};

describe('settings', () => {
  it('answers the empty row to any signed-in user, every field "" but the time zone, the database\'s', async () => {
    const res = await read('clerk');
    expect(res.statusCode, res.body).toBe(200);
    const { time_zone } = await row();
    expect(time_zone).toMatch(/^(UTC|Etc\/UTC)$/);
    expect(res.json().data[0]).toEqual({
      recordId: '1',
      modId: '0',
      fieldData: { ...Object.fromEntries(Object.keys(IDENTITY).map((k) => [k, ''])), 'DEA Regional Number': '', 'ARCOS Reporting': 'quarterly', 'Time Zone': time_zone },
    });
  });

  it('saves the identity (DEA number and state upper-cased), raises modId, audits, and answers the record', async () => {
    const res = await change('keeper', { fieldData: IDENTITY, modId: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ modId: '1', fieldData: { ...IDENTITY, 'DEA Registration Number': 'RR4830178', State: 'OH' } });
    expect(await row()).toMatchObject({ dea_number: 'RR4830178', state: 'OH', modified_by: 'keeper', mod_id: 1 });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'settings').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'keeper', action: 'update', record_id: '1', before: { dea_number: null, city: null }, after: { dea_number: 'RR4830178', city: 'Columbus' } });
    expect((await read('clerk')).json().data[0].fieldData['DEA Registration Number']).toBe('RR4830178');
  });

  it('takes the same values again as no change: same modId, no audit row', async () => {
    const before = await row();
    const audits = await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute();
    const res = await change('keeper', { fieldData: { City: 'Columbus', 'DEA Registration Number': 'RR4830178' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].modId).toBe(String(before.mod_id));
    expect(await row()).toEqual(before);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'settings').execute()).toEqual(audits);
  });

  it('empties one field with "" and leaves the others', async () => {
    const res = await change('keeper', { fieldData: { 'Address Line 2': '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row()).toMatchObject({ address_line_2: null, address_line_1: '4100 Commerce Park Drive' });
  });

  it.each([
    ['a wrong check digit', { 'DEA Registration Number': 'RR4830179' }, 'The last digit of this DEA Registration Number is not its check digit: look for a typing mistake'],
    ['a first letter DEA does not use for a registrant type', { 'DEA Registration Number': 'LR4830178' }, 'A DEA Registration Number starts with a registrant-type letter DEA uses (A, B, F, G, M, P, R, X)'],
    ['a number of the wrong shape', { 'DEA Registration Number': 'R4830178' }, 'A DEA Registration Number is two letters and seven digits, e.g. RS1234563'],
    ['a state name', { State: 'Ohio' }, 'State is the two-letter postal code, e.g. OH'],
    ['a short ZIP', { ZIP: '4321' }, 'ZIP is five digits, or five and four as 12345-6789'],
    ['a multi-line name', { 'Registrant Name': 'Riverbend\nReturns' }, 'Registrant Name must be one line of text, without line breaks, tabs or other control characters'],
    // Ours is a reverse distributor's registration: P or R (DEA Registration Record Layout).
    ['a pharmacy\'s DEA number', { 'DEA Registration Number': 'BJ1234563' }, DEA_NUMBER_MESSAGES.notReverseDistributor],
    ['a teaching institution\'s DEA number', { 'DEA Registration Number': 'GR4830178' }, DEA_NUMBER_MESSAGES.notReverseDistributor],
    ['a right-to-left override in the name', { 'Registrant Name': 'Riverbend \u202EsnruteR' }, 'Registrant Name holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored'],
    ['a zero-width space in the contact', { 'Contact Name': 'Dana\u200B Whitfield' }, 'Contact Name holds an invisible or text-direction character (U+200B): type it again without it, so that what is printed is what is stored'],
    ['an isolate in the city', { City: 'Columbus\u2066' }, 'City holds an invisible or text-direction character (U+2066): type it again without it, so that what is printed is what is stored'],
    ['no time zone', { 'Time Zone': '' }, TIME_ZONE_MESSAGES.required],
    ['a time zone abbreviation', { 'Time Zone': 'EST' }, TIME_ZONE_MESSAGES.unknown('EST')],
    ['a place that is not a time zone', { 'Time Zone': 'America/Atlantis' }, TIME_ZONE_MESSAGES.unknown('America/Atlantis')],
  ])('refuses %s with 422 and changes nothing', async (_what, fieldData, message) => {
    const before = await row();
    const res = await change('keeper', { fieldData });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message, details: [message] });
    expect(await row()).toEqual(before);
  });

  it('takes a time zone the database knows, audits it, and answers it', async () => {
    const res = await change('keeper', { fieldData: { 'Time Zone': 'America/Chicago' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].fieldData['Time Zone']).toBe('America/Chicago');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ time_zone: 'America/Chicago' });
    expect(await isKnownTimeZone(t.db, 'America/Chicago')).toBe(true);
    expect(await isKnownTimeZone(t.db, 'America/Atlantis')).toBe(false);
  });

  it('refuses 401 without a session, 403 without MANAGE_SETTINGS, 409 for a stale modId, 400 for an unknown field or nothing to change', async () => {
    const before = await row();
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/3ds/api/settings', payload: { fieldData: { City: 'Dayton' } } })).statusCode).toBe(401);
    const forbidden = await change('clerk', { fieldData: { City: 'Dayton' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You do not have the MANAGE_SETTINGS privilege needed to change our registration in the settings.');
    const stale = await change('keeper', { fieldData: { City: 'Dayton' }, modId: '0' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    const unknown = await change('keeper', { fieldData: { Country: 'US' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Country/);
    expect((await change('keeper', { fieldData: {} })).statusCode).toBe(400);
    expect((await change('keeper', { fieldData: { City: 7 } })).statusCode).toBe(400);
    expect(await row()).toEqual(before);
  });

  it('keeps the DEA regional number and the ARCOS reporting period, and refuses what is neither', async () => {
    const res = await change('keeper', { fieldData: { 'DEA Regional Number': 'dd1234567', 'ARCOS Reporting': 'Monthly' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].fieldData).toMatchObject({ 'DEA Regional Number': 'DD1234567', 'ARCOS Reporting': 'monthly' });
    expect(await row()).toMatchObject({ dea_regional_number: 'DD1234567', arcos_frequency: 'monthly' });
    const bad = await change('keeper', { fieldData: { 'DEA Regional Number': 'DD12345', 'ARCOS Reporting': 'yearly' } });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().details).toEqual([
      'DEA Regional Number is two letters (or a letter and 9) and seven digits, as DEA writes it',
      'ARCOS Reporting is "monthly" or "quarterly"',
    ]);
    const cleared = await change('keeper', { fieldData: { 'ARCOS Reporting': '' } });
    expect(cleared.statusCode, cleared.body).toBe(422);
    expect((await change('keeper', { fieldData: { 'DEA Regional Number': '', 'ARCOS Reporting': 'quarterly' } })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ dea_regional_number: null, arcos_frequency: 'quarterly' });
  });
});
