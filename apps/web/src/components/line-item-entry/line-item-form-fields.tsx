import { Fieldset, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AmountInput } from '../forms/amount-input.tsx';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import {
  convertedText,
  packageDescription,
  packSizeReasonField,
  percentReadOnly,
  withCurrentOption,
  type FieldErrors,
  type FormLayout,
  type LineItemFormValues,
} from './line-item-form-model.ts';
import type { NdcLookup } from './ndc-lookup-shape.ts';

export interface LineItemFormChoices {
  sources: readonly string[];
  causes: readonly string[];
  /** Pack Size UoM: the 'Dynamic UoM' value list without 'New Value...'. */
  uoms: readonly string[];
  loading: boolean;
}

interface LineItemFormFieldsProps {
  form: UseFormReturnType<LineItemFormValues>;
  ndc: string;
  lookup: NdcLookup | null;
  layout: FormLayout;
  choices: LineItemFormChoices;
  /** Whether the first field takes the dialog's focus (false when another control should). */
  autoFocus?: boolean;
  /** The rules broken (spec 2 §5), beside the fields they concern (ruleFieldErrors). */
  ruleErrors?: FieldErrors;
  /** Pack Qty must be filled (a complete NDC in a standard container): marked required. */
  packQuantityRequired?: boolean;
}

/** Hints under the input, so that inputs of a row stay aligned. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The fields of the line item form (spec 2 §2 "Line item form"), shared by new, edit and
 * duplicate: what is shown follows the NDC (Pack Qty hidden and % Purity for bulk; Converted, the
 * Unit Converter and the Stage Converter when the lookup offers them).
 */
export function LineItemFormFields({ form, ndc, lookup, layout, choices, autoFocus = true, ruleErrors = {}, packQuantityRequired = false }: LineItemFormFieldsProps) {
  const values = form.getValues();
  // A field's own error (its shape) first, else the rule it breaks, else the outline of a rule about it and another field.
  const input = (field: keyof LineItemFormValues) => {
    const props = form.getInputProps(field);
    return { ...props, error: props.error ?? ruleErrors[field] };
  };
  const readOnlyFill = percentReadOnly(lookup, values.packSizeUoM);
  const reason = packSizeReasonField(ndc, lookup, values);
  const selectProps = (field: 'source' | 'cause' | 'packSizeUoM' | 'bulkPackSizeUoM' | 'bulkStage', data: readonly string[]) => ({
    ...input(field),
    data: withCurrentOption(data, values[field]),
    value: values[field] || null,
    clearable: true,
    comboboxProps: { withinPortal: true },
  });
  const loadingText = choices.loading ? 'Loading…' : undefined;

  return (
    <Stack gap="lg">
      <Section title="Origin">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Source Number" data-autofocus={autoFocus || undefined} key={form.key('sourceNumber')} {...input('sourceNumber')} />
          <Select
            label="Source"
            placeholder={loadingText ?? 'Choose a source'}
            searchable
            nothingFoundMessage="No such source"
            key={form.key('source')}
            {...selectProps('source', choices.sources)}
            onChange={(value) => form.setFieldValue('source', value ?? '')}
          />
          <TextInput label="Lot Number" key={form.key('lotNumber')} {...input('lotNumber')} />
          <TextInput label="Expiration Date" placeholder="MM/DD/YYYY" inputMode="numeric" key={form.key('expirationDate')} {...input('expirationDate')} />
          <TextInput label="Serial Number" key={form.key('serialNumber')} {...input('serialNumber')} />
          <Select
            label="Cause"
            placeholder={loadingText ?? 'Choose a cause'}
            searchable
            nothingFoundMessage="No such cause"
            key={form.key('cause')}
            {...selectProps('cause', choices.causes)}
            onChange={(value) => form.setFieldValue('cause', value ?? '')}
          />
          <TextInput label="Type" key={form.key('type')} {...input('type')} />
        </SimpleGrid>
      </Section>

      <Section title="Quantity">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          {layout.showPackQuantity && (
            <AmountInput label="Pack Qty" required={packQuantityRequired} key={form.key('packQuantity')} {...input('packQuantity')} />
          )}
          <AmountInput label="Pack Size" required={layout.bulk} key={form.key('packSize')} {...input('packSize')} />
          <Select
            label="UoM"
            required={layout.bulk}
            placeholder={loadingText ?? 'Choose a unit'}
            key={form.key('packSizeUoM')}
            {...selectProps('packSizeUoM', choices.uoms)}
            onChange={(value) => {
              const uom = value ?? '';
              form.setFieldValue('packSizeUoM', uom);
              // A fill that may not be changed is a full one.
              if (percentReadOnly(lookup, uom)) form.setFieldValue('percentFill', 100);
            }}
          />
          <AmountInput
            label={layout.percentLabel}
            suffix="%"
            readOnly={readOnlyFill}
            variant={readOnlyFill ? 'filled' : 'default'}
            description={readOnlyFill ? 'Fixed for this NDC and UoM' : undefined}
            inputWrapperOrder={BELOW}
            key={form.key('percentFill')}
            {...input('percentFill')}
          />
          {layout.showConverted && (
            <TextInput
              label="Converted"
              readOnly
              variant="filled"
              value={convertedText(ndc, values)}
              placeholder="—"
              description="Reported quantity for these values"
              inputWrapperOrder={BELOW}
            />
          )}
        </SimpleGrid>
        {/* Another pack size than the NDC's package is kept only with its reason (rules/pack-size.ts). */}
        {reason.shown && (
          <TextInput
            label="Pack Size Reason"
            required={reason.required}
            placeholder="Why this pack size, e.g. Repackaged by the pharmacy in bottles of 500"
            description={packageDescription(lookup) || undefined}
            inputWrapperOrder={BELOW}
            key={form.key('packSizeReason')}
            {...input('packSizeReason')}
          />
        )}
      </Section>

      {(layout.showUnitConverter || layout.showStageConverter) && (
        <SimpleGrid cols={{ base: 1, sm: layout.showUnitConverter && layout.showStageConverter ? 2 : 1 }} spacing="md">
          {layout.showUnitConverter && (
            <Fieldset legend="Unit Converter" variant="filled" radius="md">
              <SimpleGrid cols={2} spacing="sm">
                <AmountInput label="Amt" aria-label="Unit Converter Amt" key={form.key('bulkPackSize')} {...input('bulkPackSize')} />
                <Select
                  label="UoM"
                  aria-label="Unit Converter UoM"
                  placeholder="Unit"
                  key={form.key('bulkPackSizeUoM')}
            {...selectProps('bulkPackSizeUoM', lookup?.uoms ?? [])}
                  onChange={(value) => form.setFieldValue('bulkPackSizeUoM', value ?? '')}
                />
              </SimpleGrid>
            </Fieldset>
          )}
          {layout.showStageConverter && (
            <Fieldset legend="Stage Converter" variant="filled" radius="md">
              <Select
                label="Stage"
                placeholder="Choose a stage"
                key={form.key('bulkStage')}
            {...selectProps('bulkStage', lookup?.stages ?? [])}
                onChange={(value) => form.setFieldValue('bulkStage', value ?? '')}
              />
            </Fieldset>
          )}
        </SimpleGrid>
      )}

      <Section title="Forms">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          <TextInput label="Form 222 #" key={form.key('form222Number')} {...input('form222Number')} />
          <AmountInput
            label="Form 222 Line"
            description="The form's numbered line it arrived on (1–20)"
            key={form.key('form222Line')}
            {...input('form222Line')}
          />
          <TextInput label="CWF #" key={form.key('cwfFormNumber')} {...input('cwfFormNumber')} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
