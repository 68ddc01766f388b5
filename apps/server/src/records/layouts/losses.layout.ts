import { CATALOGUE, LOSS_KIND_TEXT } from '@3ds/domain';
import { containsOf, defineLayout } from '../layout.ts';

/** `CASE l.kind WHEN 'theft' THEN 'Theft' … END`. */
const KIND = `CASE l.kind ${Object.entries(LOSS_KIND_TEXT)
  .map(([value, text]) => `WHEN '${value}' THEN '${text}'`)
  .join(' ')} END`;

const us = (column: string) => `to_char(${column}, 'MM/DD/YYYY')`;

/**
 * deadlineCell of @3ds/domain in SQL (a test holds the two equal): "Done 11/30/2026", "Done … (late)",
 * "Due today", "Missed 11/30/2026", "Due 12/14/2026", against 3DS's today (tds_today()).
 */
export function deadlineCellSql(due: string, doneOn: string): string {
  return `(CASE WHEN ${doneOn} IS NOT NULL THEN 'Done ' || ${us(doneOn)} || CASE WHEN ${doneOn} > ${due} THEN ' (late)' ELSE '' END
    WHEN (SELECT tds_today()) > ${due} THEN 'Missed ' || ${us(due)}
    WHEN (SELECT tds_today()) = ${due} THEN 'Due today'
    ELSE 'Due ' || ${us(due)} END)`;
}

export const lossesLayout = defineLayout(CATALOGUE.losses, {
  from: 'losses l',
  idSql: 'l.id',
  modIdSql: 'l.mod_id',
  ...containsOf('losses', 'l'),
  joins: {
    job: 'JOIN jobs j ON j.id = l.job_id',
    registration: 'JOIN registrations r ON r.id = j.registration_id',
    company: 'JOIN companies co ON co.id = r.company_id',
  },
  fields: {
    'Loss ID': 'l.id',
    Kind: KIND,
    'Kind Code': 'l.kind',
    'Job ID': 'l.job_id',
    'Job Name': ['j.name', 'job'],
    'Registration Number': ['r.registration_number', 'job', 'registration'],
    'Company Name': ['co.name', 'job', 'registration', 'company'],
    NDC: 'l.ndc',
    Item: 'l.name',
    Schedule: 'l.schedule',
    Lot: 'l.lot',
    'Packages Lost': 'l.quantity',
    'Date Discovered': 'l.discovered_on',
    'Notice Due': 'l.notice_due',
    'Notice Sent': 'l.notice_sent_on',
    Notice: deadlineCellSql('l.notice_due', 'l.notice_sent_on'),
    'Form 106 Due': 'l.form_106_due',
    'Form 106 Filed': 'l.form_106_filed_on',
    'Form 106 Number': 'l.form_106_number',
    'Form 106': deadlineCellSql('l.form_106_due', 'l.form_106_filed_on'),
    Circumstances: 'l.circumstances',
    'Date Created': 'l.created_at',
    'Created By': 'l.created_by',
    'Date Modified': 'l.modified_at',
    'Modified By': 'l.modified_by',
  },
});
