import { WITHDRAW_REASON_MAX, type WitnessAnswer } from '@3ds/domain';

/**
 * The witnesses' panel as words and colours (rules/witnesses.ts), and the check of a withdrawal's
 * reason before it is sent (the server checks it again). Pure, for unit tests.
 */
export const WITNESS_STATE_COLOR: Readonly<Record<WitnessAnswer['state'], string>> = { confirmed: 'teal', void: 'red', typed: 'orange', empty: 'gray' };

const STATE_TEXT: Readonly<Record<WitnessAnswer['state'], string>> = { confirmed: 'Confirmed', void: 'Void', typed: 'Not confirmed', empty: 'None yet' };

export function witnessStateText(state: WitnessAnswer['state']): string {
  return STATE_TEXT[state];
}

export function withdrawReasonProblem(reason: string): string | undefined {
  const text = reason.trim();
  if (!text) return 'Say why the confirmation is withdrawn: the reason is kept with it.';
  if (text.length > WITHDRAW_REASON_MAX) return `The reason may be at most ${WITHDRAW_REASON_MAX} characters.`;
  return undefined;
}

/**
 * What a witness attests, in words for the confirmation dialog: "the transfer on 11/02/2026, received
 * 11/03/2026" and "the destruction on 11/20/2026 by Incineration at Clean Harbors Deer Park, …".
 */
export function attestsText(values: { dateTransfer: string; dateReceived: string; dateDestroyed: string; disposalMethod: string; facility: string; facilityAddress: string }) {
  const received = values.dateReceived ? `, received ${values.dateReceived}` : '';
  const method = values.disposalMethod ? ` by ${values.disposalMethod}` : '';
  const place = [values.facility, values.facilityAddress].filter(Boolean).join(', ');
  return {
    transfer: `the transfer on ${values.dateTransfer || '(no date)'}${received}`,
    destruction: `the destruction on ${values.dateDestroyed || '(no date)'}${method}${place ? ` at ${place}` : ''}, of what this job lists`,
  };
}
