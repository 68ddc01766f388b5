import { Button, Divider, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginRequestSchema, type LoginRequest } from '@3ds/domain';
import { IconLock, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { HOME_ROUTE, routePath } from '../../../config/paths.ts';
import { clearAlerts, showAlert } from '../../../lib/alert-store.ts';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../../components/brand/brand-mark.tsx';
import { CenteredPage } from '../../../components/page/centered-page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../../../session/login.ts';
import { takeNextRoute } from '../../../lib/next-route.ts';

function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || error.title;
  return 'The server answered in an unexpected way. Try again in a moment.';
}

export interface LoginScreenProps {
  /**
   * Called as the form is sent: the app starts fetching the landing screen's code while the server
   * checks the password (the screens are the app's to know, not the login's).
   */
  onSubmitting?: () => void;
}

/** `/`: sign in. Success goes to the remembered route, otherwise to the companies. */
export function LoginScreen({ onSubmitting }: LoginScreenProps = {}) {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
    validateInputOnBlur: false,
  });

  const submit = form.onSubmit((values) => {
    onSubmitting?.();
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => {
          clearAlerts(); // "logged out", "must be logged-in" and failed tries are history now
          void navigate(takeNextRoute() ?? routePath(HOME_ROUTE), { replace: true });
        },
        onError: (error) => {
          showAlert({ type: 'WARNING', message: loginFailureMessage(error) });
          form.setFieldValue('password', '');
          form.getInputNode('password')?.focus();
        },
      },
    );
  });

  return (
    <CenteredPage>
      <Paper withBorder shadow="md" radius="lg" p={36} w="100%" maw={420}>
        <Stack align="center" gap={6} mb="lg">
          <ThemeIcon size={56} radius="lg" variant="filled" aria-hidden>
            <IconShieldCheck size={32} stroke={1.8} />
          </ThemeIcon>
          <Title order={1} fz={34} fw={800} c="brand.9" mt={6} style={{ letterSpacing: '0.03em' }}>
            {PRODUCT_NAME}
          </Title>
          <Text c="dimmed" size="sm" fw={500}>
            {PRODUCT_TAGLINE}
          </Text>
        </Stack>

        <Divider mb="lg" />

        <form onSubmit={submit} noValidate aria-label="Login">
          <Stack gap="md">
            <TextInput
              label="Username"
              required
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              leftSection={<IconUser size={16} aria-hidden />}
              key={form.key('username')}
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label="Password"
              required
              autoComplete="current-password"
              leftSection={<IconLock size={16} aria-hidden />}
              // The default toggle label contains the word "password", which would make a
              // by-label lookup of the field ambiguous.
              visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" fullWidth size="md" mt="xs" loading={login.isPending}>
              Login
            </Button>
          </Stack>
        </form>

        <Text size="xs" c="dimmed" ta="center" mt="xl">
          Authorized personnel only. Activity in {PRODUCT_NAME} is recorded.
        </Text>
      </Paper>
    </CenteredPage>
  );
}
