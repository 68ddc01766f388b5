import { Button, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredPage } from '../components/page/centered-page.tsx';

/** A screen's code could not be downloaded — usually because a newer version was deployed. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

function ErrorCard() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const title = chunk ? 'A new version of 3DS is available' : 'Something went wrong';
  const message = chunk
    ? 'Reload the page to continue with the latest version.'
    : 'This screen could not be shown. Reload the page; if it keeps happening, report it with the time it occurred.';
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <Paper withBorder shadow="sm" p={40} maw={560} w="100%" mx="auto">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={chunk ? 'brand' : 'red'} aria-hidden>
          {chunk ? <IconRefresh size={32} stroke={1.6} /> : <IconAlertTriangle size={32} stroke={1.6} />}
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {detail && <Code>{detail}</Code>}
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()} mt="sm">
          Reload
        </Button>
      </Stack>
    </Paper>
  );
}

/** Error boundary of a screen: the shell stays, the card takes the screen's place. */
export function ScreenErrorBoundary() {
  return (
    <Stack pt={48}>
      <ErrorCard />
    </Stack>
  );
}

/** Error boundary of the whole app. */
export function RootErrorBoundary() {
  return (
    <CenteredPage>
      <ErrorCard />
    </CenteredPage>
  );
}
