import { ERROR_CODES } from '@3ds/domain';
import type { Settings } from '../db/tables/settings.table.ts';
import type { Party } from '../documents/destruction-pdf.ts';
import { AppError } from '../errors/app-error.ts';

export const DOCUMENT_MESSAGES = {
  settingsMissing: 'Enter our registration in Settings first',
} as const;

const text = (v: string | null | undefined) => (v ?? '').trim();

/** Our registration as the documents print it, or the 409 that asks for it. */
export function registrantOf(settings: Settings): Party {
  const required = [settings.registrant_name, settings.dea_number, settings.address_line_1, settings.city, settings.state, settings.zip];
  if (required.some((v) => !text(v))) {
    throw new AppError(409, ERROR_CODES.conflict, DOCUMENT_MESSAGES.settingsMissing, {
      details: ['Our registered name, DEA registration number and address (street, city, state, ZIP code) print on every destruction document.'],
    });
  }
  return {
    name: text(settings.registrant_name),
    registrationNumber: text(settings.dea_number),
    addressLines: [text(settings.address_line_1), text(settings.address_line_2)].filter(Boolean),
    city: text(settings.city),
    state: text(settings.state),
    zip: text(settings.zip),
    telephone: text(settings.telephone),
    contactName: text(settings.contact_name),
  };
}

