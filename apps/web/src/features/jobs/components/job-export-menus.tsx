import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import type { ExportFileType, ExportResult } from '../../../lib/records/export-records.ts';
import { useExportJob, type JobExportRecordType } from '../api/export-job.ts';

interface JobExportMenusProps {
  jobId: string;
  /** "Yellow Bucket Container" is disabled on a job without any. */
  hasYellowBuckets: boolean;
}

const MENUS: { fileType: ExportFileType; label: string; icon: typeof IconFileSpreadsheet }[] = [
  { fileType: 'xlsx', label: 'Export to Excel', icon: IconFileSpreadsheet },
  { fileType: 'pdf', label: 'Save as PDF', icon: IconFileTypePdf },
];

/**
 * "Export to Excel" and "Save as PDF" (spec 1 §2): each a menu of "Standard Container" and
 * "Yellow Bucket Container" — the job's line items of that kind — then the "Download File" dialog.
 */
export function JobExportMenus({ jobId, hasYellowBuckets }: JobExportMenusProps) {
  const exporting = useExportJob();
  const [pending, setPending] = useState<ExportFileType | null>(null);
  const [result, setResult] = useState<ExportResult | null>(null);

  const run = (fileType: ExportFileType, recordType: JobExportRecordType) => {
    setPending(fileType);
    exporting.mutate(
      { jobId, fileType, recordType },
      { onSuccess: setResult, onSettled: () => setPending(null) },
    );
  };

  return (
    <>
      {MENUS.map(({ fileType, label, icon: Icon }) => (
        <Menu key={fileType} position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              leftSection={<Icon size={17} stroke={1.7} aria-hidden />}
              rightSection={<IconChevronDown size={15} stroke={1.8} aria-hidden />}
              loading={pending === fileType}
              disabled={pending !== null && pending !== fileType}
            >
              {label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Line items in</Menu.Label>
            <Menu.Item onClick={() => run(fileType, 'cn')}>Standard Container</Menu.Item>
            <Menu.Item onClick={() => run(fileType, 'yb')} disabled={!hasYellowBuckets}>
              Yellow Bucket Container
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ))}
      <DownloadDialog href={result?.href ?? null} fileName={result?.fileName ?? 'export.xlsx'} onClose={() => setResult(null)} />
    </>
  );
}
