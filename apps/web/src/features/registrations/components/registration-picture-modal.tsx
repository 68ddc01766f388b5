import { Anchor, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { IconExternalLink, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

interface RegistrationPictureModalProps {
  opened: boolean;
  onClose: () => void;
  /** The signed link to the picture. */
  src: string;
  number: string;
}

/** "View Registration": the registration's picture, full screen, scaled to fit. */
export function RegistrationPictureModal({ opened, onClose, src, number }: RegistrationPictureModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      radius={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      title={
        <Group gap="md">
          <Text fw={650}>Registration {number}</Text>
          <Anchor href={src} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} component="span">
              Open in a new tab <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      }
      styles={{ body: { height: 'calc(100dvh - 60px)', padding: 16, background: 'var(--mantine-color-gray-1)' } }}
    >
      {opened && <Picture key={src} src={src} alt={`Registration ${number}`} />}
    </Modal>
  );
}

function Picture({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <Center h="100%" pos="relative">
      {state === 'loading' && <Loader pos="absolute" role="status" aria-label="Loading the picture" />}
      {state === 'failed' ? (
        <Group gap="xs" c="dimmed">
          <IconPhotoOff size={20} aria-hidden />
          <Text size="sm">The picture could not be loaded. Close this window and try again.</Text>
        </Group>
      ) : (
        <img
          src={src}
          alt={alt}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            boxShadow: 'var(--mantine-shadow-md)',
            background: 'white',
            visibility: state === 'loaded' ? 'visible' : 'hidden',
          }}
        />
      )}
    </Center>
  );
}
