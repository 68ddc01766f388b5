import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { UPLOAD_MAX_BYTES } from '@3ds/domain';
import { IconPhoto, IconPhotoOff, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { useUploadRegistrationPicture } from '../api/upload-registration-picture.ts';
import {
  fileSizeText,
  PICTURE_MESSAGES,
  PICTURE_MIME_TYPES,
  pictureRejectionMessage,
  uploadFailureMessage,
} from '../registration-detail.ts';

interface UpdateRegistrationDialogProps {
  opened: boolean;
  onClose: () => void;
  registrationId: string;
  number: string;
  /** The current picture's signed link, '' when there is none. */
  currentPicture: string;
}

/**
 * "Update Registration" (spec 1 §2, §4, §5): a full-screen dialog with a drop area for ONE image
 * of at most 0.5 MB. The chosen image is previewed in the drop area and sent with "Upload".
 * Success says "Update Succeeded", closes the dialog and reloads the record; a failure says
 * "Update Failed: {reason}" and takes the file out of the drop area.
 */
export function UpdateRegistrationDialog({ opened, onClose, registrationId, number, currentPicture }: UpdateRegistrationDialogProps) {
  const upload = useUploadRegistrationPicture();
  const [file, setFile] = useState<FileWithPath | null>(null);
  const preview = useObjectUrl(file);

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    onClose();
  };

  const accept = (files: FileWithPath[]) => {
    const [first] = files;
    if (first) setFile(first);
  };

  const reject = (rejections: FileRejection[]) => {
    const message = pictureRejectionMessage(rejections);
    showAlert({ type: message.startsWith('Update Failed') ? 'DANGER' : 'WARNING', message });
  };

  const send = () => {
    if (!file) return;
    upload.mutate(
      { registrationId, file },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: PICTURE_MESSAGES.succeeded });
          setFile(null);
          onClose();
        },
        onError: (error) => {
          showAlert({ type: 'DANGER', message: uploadFailureMessage(error) });
          setFile(null);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen
      radius={0}
      title="Update Registration"
      closeOnEscape={!upload.isPending}
      transitionProps={{ transition: 'fade', duration: 150 }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg" maw={1040} mx="auto" pt="xs">
        <Text size="sm" c="dimmed">
          Replace the picture of registration <b>{number}</b>: one image (PNG, JPEG, GIF or WebP) of at most{' '}
          {(UPLOAD_MAX_BYTES / (1024 * 1024)).toFixed(1)} MB. The previous picture is kept in the record's history.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="md" component="section" aria-label="Current picture">
            <Title order={2} fz="sm" fw={650} mb="sm">
              Current picture
            </Title>
            <Box h={320} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}>
              {currentPicture ? (
                <Image src={currentPicture} alt={`Current picture of registration ${number}`} fit="contain" mah={320} maw="100%" />
              ) : (
                <Stack align="center" gap={6} c="dimmed">
                  <IconPhotoOff size={32} stroke={1.5} aria-hidden />
                  <Text size="sm">No picture yet</Text>
                </Stack>
              )}
            </Box>
          </Paper>
          <Paper withBorder p="md" component="section" aria-label="New picture">
            <Title order={2} fz="sm" fw={650} mb="sm">
              New picture
            </Title>
            <Dropzone
              onDrop={accept}
              onReject={reject}
              accept={[...PICTURE_MIME_TYPES]}
              maxSize={UPLOAD_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              loading={upload.isPending}
              name="file"
              inputProps={{ 'aria-label': 'Choose an image' }}
              h={320}
              styles={{ inner: { height: '100%', display: 'grid', placeItems: 'center', pointerEvents: 'none' } }}
            >
              <Dropzone.Accept>
                <DropMessage icon={<IconUpload size={36} stroke={1.5} />} color="brand" title="Drop the image here" />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <DropMessage icon={<IconX size={36} stroke={1.5} />} color="red" title={PICTURE_MESSAGES.onlyImages} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                {file && preview ? (
                  <Stack align="center" gap="xs" maw="100%">
                    <Image src={preview} alt={`Chosen picture ${file.name}`} fit="contain" mah={240} maw="100%" radius="sm" />
                    <Text size="sm" fw={600} truncate maw={360}>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {fileSizeText(file.size)} · drop or click to choose another
                    </Text>
                  </Stack>
                ) : (
                  <DropMessage
                    icon={<IconPhoto size={36} stroke={1.5} />}
                    color="gray"
                    title="Drag an image here or click to choose one"
                    hint="One image, at most 0.5 MB"
                  />
                )}
              </Dropzone.Idle>
            </Dropzone>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!file} loading={upload.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DropMessage({ icon, color, title, hint }: { icon: ReactNode; color: string; title: string; hint?: string }) {
  return (
    <Stack align="center" gap="xs" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** A temporary address for a chosen file's preview, released when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
