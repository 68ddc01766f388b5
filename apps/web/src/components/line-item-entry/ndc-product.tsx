import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconPill } from '@tabler/icons-react';
import { productLines, type NdcLookup } from './ndc-lookup-shape.ts';
import classes from './line-item-entry.module.css';

interface NdcProductProps {
  ndc: string;
  lookup: NdcLookup | null;
}

/**
 * What the NDC of the form stands for — trade name, strength, form and package — so that the
 * person holding the package sees at once whether the scan (or the choice) found the right one.
 */
export function NdcProduct({ ndc, lookup }: NdcProductProps) {
  if (!lookup) return null;
  const { name, details } = productLines(lookup);
  if (!name && details.length === 0) return null;
  return (
    <Paper withBorder radius="md" px="md" py="sm" className={classes.product} aria-label={`Product of NDC ${ndc}`} component="section">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconPill size={22} stroke={1.6} aria-hidden className={classes.productIcon} />
        <Stack gap={2} miw={0}>
          <Text fw={700} size="md" c="dark.8" data-testid="product-name">
            {name || `NDC ${ndc}`}
          </Text>
          {details.length > 0 && (
            <Text size="sm" c="dark.6" data-testid="product-details">
              {details.join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
