import { Anchor, Autocomplete, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PRIVILEGES } from '@3ds/domain';
import type { UseFormReturnType } from '@mantine/form';
import { PRIVILEGE_GROUPS, privilegeDescription, privilegeLabel, type UserFormValues } from '../user-form-model.ts';
import { PasswordFields } from './password-fields.tsx';

interface UserFormFieldsProps {
  form: UseFormReturnType<UserFormValues>;
  /** A new user also gets a username and a password; an existing one keeps theirs. */
  mode: 'add' | 'edit';
  /** Organisations already in use, offered as the organisation is typed. */
  organizations: readonly string[];
}

/** The fields of Add user and Edit user: one component, so the two cannot drift apart. */
export function UserFormFields({ form, mode, organizations }: UserFormFieldsProps) {
  return (
    <Stack gap="md">
      {mode === 'add' && (
        <TextInput
          label="Username"
          description="What they sign in with: lower-case letters, digits, dot, dash and underscore"
          required
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          {...form.getInputProps('username')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Name"
          placeholder="e.g. Jane Doe"
          autoComplete="off"
          data-autofocus={mode === 'edit' || undefined}
          {...form.getInputProps('displayName')}
        />
        <Autocomplete
          label="Parent Organization"
          placeholder="None"
          data={[...organizations]}
          autoComplete="off"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('parentOrganization')}
        />
      </SimpleGrid>
      {mode === 'add' && (
        <PasswordFields label="Password" password={form.getInputProps('password')} confirmPassword={form.getInputProps('confirmPassword')} />
      )}
      <PrivilegeCheckboxes form={form} />
    </Stack>
  );
}

/** The groups side by side, balanced: jobs and line items (8) on the left, the others (7) on the right. */
const LEFT_GROUPS = ['Jobs', 'Line items'];
const PRIVILEGE_COLUMNS = [
  PRIVILEGE_GROUPS.filter((group) => LEFT_GROUPS.includes(group.title)),
  PRIVILEGE_GROUPS.filter((group) => !LEFT_GROUPS.includes(group.title)),
];

function PrivilegeCheckboxes({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const held = form.values.privileges;
  const setAll = (privileges: string[]) => form.setFieldValue('privileges', privileges);
  return (
    <Checkbox.Group
      label={
        <>
          Privileges{' '}
          <Text span size="xs" c="dimmed" fw={400} ml={6}>
            {held.length} of {PRIVILEGES.length}
          </Text>
        </>
      }
      description="None: the user can read everything but change nothing."
      {...form.getInputProps('privileges')}
    >
      <Group gap="md" mt={4} mb={8}>
        <Anchor component="button" type="button" size="xs" onClick={() => setAll([...PRIVILEGES])}>
          Select all
        </Anchor>
        <Anchor component="button" type="button" size="xs" onClick={() => setAll([])}>
          Clear
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        {PRIVILEGE_COLUMNS.map((groups, column) => (
          <Stack key={column} gap="md">
            {groups.map((group) => (
              <Stack key={group.title} gap={8} role="group" aria-label={group.title}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={650} lts={0.4}>
                  {group.title}
                </Text>
                {group.privileges.map((privilege) => (
                  <Checkbox
                    key={privilege}
                    value={privilege}
                    label={privilegeLabel(privilege)}
                    description={privilegeDescription(privilege)}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
