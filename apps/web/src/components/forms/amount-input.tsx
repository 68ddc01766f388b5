import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A number field that keeps what was typed: no clamping to a minimum or maximum on blur, no minus
 * sign dropped, no decimals cut. A value out of range ("-5") stays as typed and the form's rules
 * say beside the field what is wrong, rather than the field quietly saving something else (5, 0).
 * Letters cannot be typed; everything else is the rules' to judge.
 */
export function AmountInput(props: Omit<NumberInputProps, 'allowNegative' | 'clampBehavior' | 'decimalScale' | 'min' | 'max'>) {
  return <NumberInput hideControls inputMode="decimal" {...props} allowNegative allowDecimal clampBehavior="none" />;
}
