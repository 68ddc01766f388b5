import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

export const PRODUCT_NAME = '3DS';
export const PRODUCT_TAGLINE = 'Controlled Substance Disposal';

interface BrandMarkProps {
  /** Also show the tagline next to the name. */
  withTagline?: boolean;
}

/** The product's logo and name as shown in the top bar. */
export function BrandMark({ withTagline = false }: BrandMarkProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
        <IconShieldCheck size={20} stroke={2} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text fw={800} fz={19} lh={1.1} c="brand.9" style={{ letterSpacing: '0.02em' }}>
          {PRODUCT_NAME}
        </Text>
        {withTagline && (
          <Text fz={11} c="dimmed" lh={1.2} tt="uppercase" fw={600} visibleFrom="sm" style={{ letterSpacing: '0.06em' }}>
            {PRODUCT_TAGLINE}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
