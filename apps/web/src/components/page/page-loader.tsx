import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code is loading. */
export function PageLoader() {
  return (
    <Center py={96} role="status" aria-label="Loading">
      <Loader size="md" type="dots" />
    </Center>
  );
}
