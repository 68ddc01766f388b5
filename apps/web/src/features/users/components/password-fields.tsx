import { PasswordInput, SimpleGrid, Text } from '@mantine/core';
import { PASSWORD_RULE } from '@3ds/domain';
import type { GetInputPropsReturnType } from '@mantine/form';

interface PasswordFieldsProps {
  password: GetInputPropsReturnType;
  confirmPassword: GetInputPropsReturnType;
  /** "Password" for a new user, "New password" for a reset. */
  label: string;
  autoFocus?: boolean;
}

/** A password chosen for someone else, typed twice, with the rule the server applies. */
export function PasswordFields({ password, confirmPassword, label, autoFocus = false }: PasswordFieldsProps) {
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <PasswordInput
          label={label}
          required
          autoComplete="new-password"
          data-autofocus={autoFocus || undefined}
          // The default toggle label holds the word "password", which would make a by-label lookup ambiguous.
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          {...password}
        />
        <PasswordInput
          label={`Confirm ${label.toLowerCase()}`}
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          {...confirmPassword}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        {PASSWORD_RULE}
      </Text>
    </div>
  );
}
