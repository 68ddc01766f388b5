import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileCheck } from '@tabler/icons-react';

interface DownloadDialogProps {
  /** The file link; the dialog is open while there is one. */
  href: string | null;
  /** The name the browser saves it as (export.xlsx, export.pdf, label.pdf). */
  fileName: string;
  onClose: () => void;
  title?: string;
}

/**
 * "Download File" (spec 1 §2 Export, reports, labels): a plain link to the signed file URL, so the
 * browser downloads it without an Authorization header.
 */
export function DownloadDialog({ href, fileName, onClose, title = 'Export ready' }: DownloadDialogProps) {
  return (
    // Its own Close button is the way out (and Escape); a second "Close" in the corner would only repeat it.
    <Modal opened={href !== null} onClose={onClose} title={title} size="sm" withCloseButton={false}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconFileCheck size={20} stroke={1.7} />
          </ThemeIcon>
          <Text size="sm">
            Your file <b>{fileName}</b> is ready.
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            component="a"
            href={href ?? undefined}
            download={fileName}
            leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
            data-autofocus
          >
            Download File
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
