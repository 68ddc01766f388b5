import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES } from '@3ds/domain';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CenteredPage } from '../components/page/centered-page.tsx';
import { useSession } from '../session/use-session.ts';
import { HOME_ROUTE, routePath } from '../config/paths.ts';
import { AppShellLayout } from './shell/app-shell-layout.tsx';

function NotFoundCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper withBorder shadow="sm" p={40} maw={520} w="100%" mx="auto" mt={signedIn ? 48 : 0}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMapOff size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {MESSAGES.notFound}
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved. Check the address, or start again.</Text>
        <Button component={Link} to={routePath(signedIn ? HOME_ROUTE : 'login')} mt="sm">
          {signedIn ? 'Go to the start page' : 'Go to the login page'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** `/not-found` and every unknown path: "Resource Not Found", in the shell when signed in. */
export function NotFoundScreen() {
  const session = useSession();
  if (session) {
    return (
      <AppShellLayout>
        <NotFoundCard signedIn />
      </AppShellLayout>
    );
  }
  return (
    <CenteredPage>
      <NotFoundCard signedIn={false} />
    </CenteredPage>
  );
}
