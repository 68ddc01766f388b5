import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { convertedText, percentReadOnly, withCurrentOption, type FormLayout, type LineItemFormValues } from './line-item-form-model.ts';
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
export function LineItemFormFields({ form, ndc, lookup, layout, choices, autoFocus = true }: LineItemFormFieldsProps) {
  const values = form.getValues();
  const readOnlyFill = percentReadOnly(lookup, values.packSizeUoM);
  const selectProps = (field: 'source' | 'cause' | 'packSizeUoM' | 'bulkPackSizeUoM' | 'bulkStage', data: readonly string[]) => ({
    ...form.getInputProps(field),
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
          <TextInput label="Source Number" data-autofocus={autoFocus || undefined} key={form.key('sourceNumber')} {...form.getInputProps('sourceNumber')} />
          <Select
            label="Source"
            placeholder={loadingText ?? 'Choose a source'}
            searchable
            nothingFoundMessage="No such source"
            key={form.key('source')}
            {...selectProps('source', choices.sources)}
            onChange={(value) => form.setFieldValue('source', value ?? '')}
          />
          <TextInput label="Lot Number" key={form.key('lotNumber')} {...form.getInputProps('lotNumber')} />
          <TextInput label="Expiration Date" placeholder="MM/DD/YYYY" inputMode="numeric" key={form.key('expirationDate')} {...form.getInputProps('expirationDate')} />
          <TextInput label="Serial Number" key={form.key('serialNumber')} {...form.getInputProps('serialNumber')} />
          <Select
            label="Cause"
            placeholder={loadingText ?? 'Choose a cause'}
            searchable
            nothingFoundMessage="No such cause"
            key={form.key('cause')}
            {...selectProps('cause', choices.causes)}
            onChange={(value) => form.setFieldValue('cause', value ?? '')}
          />
          <TextInput label="Type" key={form.key('type')} {...form.getInputProps('type')} />
        </SimpleGrid>
      </Section>

      <Section title="Quantity">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          {layout.showPackQuantity && (
            <NumberInput label="Pack Qty" min={0} hideControls key={form.key('packQuantity')} {...form.getInputProps('packQuantity')} />
          )}
          <NumberInput label="Pack Size" min={0} hideControls key={form.key('packSize')} {...form.getInputProps('packSize')} />
          <Select
            label="UoM"
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
          <NumberInput
            label={layout.percentLabel}
            min={0}
            decimalScale={4}
            suffix="%"
            hideControls
            readOnly={readOnlyFill}
            variant={readOnlyFill ? 'filled' : 'default'}
            description={readOnlyFill ? 'Fixed for this NDC and UoM' : undefined}
            inputWrapperOrder={BELOW}
            key={form.key('percentFill')}
            {...form.getInputProps('percentFill')}
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
      </Section>

      {(layout.showUnitConverter || layout.showStageConverter) && (
        <SimpleGrid cols={{ base: 1, sm: layout.showUnitConverter && layout.showStageConverter ? 2 : 1 }} spacing="md">
          {layout.showUnitConverter && (
            <Fieldset legend="Unit Converter" variant="filled" radius="md">
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="Amt"
                  aria-label="Unit Converter Amt"
                  min={0}
                  hideControls
                  key={form.key('bulkPackSize')}
                  {...form.getInputProps('bulkPackSize')}
                />
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
          <TextInput label="Form 222 #" key={form.key('form222Number')} {...form.getInputProps('form222Number')} />
          <TextInput label="CWF #" key={form.key('cwfFormNumber')} {...form.getInputProps('cwfFormNumber')} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
