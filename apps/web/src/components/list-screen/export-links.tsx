import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { EntityName } from '@3ds/domain';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useExportRecords, type ExportFileType, type ExportResult } from '../../lib/records/export-records.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { DownloadDialog } from '../dialogs/download-dialog.tsx';
import { hasActiveFind, type FindRequest, type SortSpec } from '../../lib/records/list-state.ts';

/** Spec 1 §2 / spec 2 §5: asked before exporting with no criteria. */
export const EXPORT_ALL_QUESTION = 'You are about to export all related line items. Are you sure?';

interface ExportLinksProps {
  entity: EntityName;
  /** The on-screen find and sort: the export uses exactly these. */
  quick: string;
  find: FindRequest[];
  sort: SortSpec[];
}

/** "Export to Excel" and "Save as PDF", the progress while the file is made, and the download dialog. */
export function ExportLinks({ entity, quick, find, sort }: ExportLinksProps) {
  const exporting = useExportRecords();
  const [pending, setPending] = useState<ExportFileType | null>(null);
  const [result, setResult] = useState<ExportResult | null>(null);
  /** The export waiting for "export everything?" to be answered. */
  const [asking, setAsking] = useState<ExportFileType | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = (fileType: ExportFileType) => {
    const controller = new AbortController();
    abort.current = controller;
    setPending(fileType);
    exporting.mutate(
      { entity, fileType, quick, find, sort, signal: controller.signal },
      {
        onSuccess: (file) => {
          if (!controller.signal.aborted) setResult(file);
        },
        // Failures are only logged (spec 1 §8), by the mutation; the progress ends either way.
        onSettled: () => {
          if (abort.current === controller) abort.current = null;
          setPending(null);
        },
      },
    );
  };

  const start = (fileType: ExportFileType) => {
    if (pending) return;
    if (hasActiveFind({ quick, find })) {
      run(fileType);
      return;
    }
    setAsking(fileType);
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setPending(null);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="subtle"
          leftSection={<IconFileSpreadsheet size={17} stroke={1.7} aria-hidden />}
          onClick={() => start('xlsx')}
          loading={pending === 'xlsx'}
          disabled={pending !== null && pending !== 'xlsx'}
        >
          Export to Excel
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconFileTypePdf size={17} stroke={1.7} aria-hidden />}
          onClick={() => start('pdf')}
          loading={pending === 'pdf'}
          disabled={pending !== null && pending !== 'pdf'}
        >
          Save as PDF
        </Button>
      </Group>

      <Modal
        opened={pending !== null}
        onClose={cancel}
        title="Preparing export…"
        size="sm"
        closeOnClickOutside={false}
        withCloseButton={false}
      >
        <Stack gap="lg" role="status" aria-live="polite">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm">
              Preparing export… Large lists can take a few seconds.
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Stop
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'pdf' ? 'Save as PDF' : 'Export to Excel'}
        question={EXPORT_ALL_QUESTION}
        busy={false}
        onConfirm={() => {
          const fileType = asking;
          setAsking(null);
          if (fileType) run(fileType);
        }}
        onClose={() => setAsking(null)}
      />

      <DownloadDialog
        href={result?.href ?? null}
        fileName={result?.fileName ?? 'export.xlsx'}
        onClose={() => setResult(null)}
      />
    </>
  );
}
