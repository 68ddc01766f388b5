import { Badge, Button, Group } from '@mantine/core';
import { IconBucket, IconClipboardCheck, IconFiles, IconHistory, IconPackage, IconScale } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import type { RecordData } from '../../../lib/records/record-shapes.ts';
import { daysLeftView } from '../destruction-record-model.ts';
import { containerCount, type ContainerKind } from '../job-record.ts';
import { DaysLeftBadge } from '../../../components/destruction-clock/days-left-badge.tsx';
import classes from './job-view.module.css';

/** The sections of the job view, by their element id. */
export const JOB_SECTIONS = {
  containers: 'job-containers',
  reconciliation: 'job-reconciliation',
  declared: 'job-declared',
  destructionRecord: 'job-destruction-record',
  files: 'job-files',
  history: 'job-history',
} as const;

export type JobSection = keyof typeof JOB_SECTIONS;

/** Brings a section into view and gives it the focus (so that the keyboard goes on from there). */
export function showSection(section: JobSection): void {
  const element = document.getElementById(JOB_SECTIONS[section]);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
}

interface JobSectionsNavProps {
  record: RecordData;
  /** Shows a container tab ("standard" or "yellow_bucket") before going to the containers. */
  onShowContainers: (kind: ContainerKind) => void;
}

function SectionLink({ section, icon, children, onClick }: { section: JobSection; icon: ReactNode; children: ReactNode; onClick?: () => void }) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onClick?.();
    // After a tab change has rendered, so that the section is as it will be shown.
    requestAnimationFrame(() => showSection(section));
  };
  return (
    <Button component="a" href={`#${JOB_SECTIONS[section]}`} onClick={go} variant="subtle" size="compact-sm" leftSection={icon} className={classes.sectionLink}>
      {children}
    </Button>
  );
}

/**
 * The parts of the job, at the top of its screen: its containers and Yellow Buckets (with their
 * counts), its destruction record (with where the 30-day clock stands), pictures and documents and
 * history, each a link to its part of the page — one click away whatever the screen's height.
 */
export function JobSectionsNav({ record, onShowContainers }: JobSectionsNavProps) {
  const standard = containerCount(record, 'standard');
  const yellow = containerCount(record, 'yellow_bucket');
  const clock = daysLeftView(record.fieldData['Days Left']);
  const count = (n: number) => (
    <Badge size="sm" variant="light" radius="sm" color="gray" className={classes.sectionCount}>
      {n}
    </Badge>
  );
  return (
    <nav aria-label="Parts of this job" className={classes.sections}>
      <Group gap={4} wrap="nowrap">
        <SectionLink section="containers" icon={<IconPackage size={16} stroke={1.7} aria-hidden />} onClick={() => onShowContainers('standard')}>
          Containers {count(standard)}
        </SectionLink>
        <SectionLink section="containers" icon={<IconBucket size={16} stroke={1.7} aria-hidden />} onClick={() => onShowContainers('yellow_bucket')}>
          Yellow Bucket {count(yellow)}
        </SectionLink>
        <SectionLink section="reconciliation" icon={<IconScale size={16} stroke={1.7} aria-hidden />}>
          Reconciliation
        </SectionLink>
        <SectionLink section="destructionRecord" icon={<IconClipboardCheck size={16} stroke={1.7} aria-hidden />}>
          <Group gap={6} wrap="nowrap" component="span">
            Destruction record
            {clock && <DaysLeftBadge view={clock} size="xs" />}
          </Group>
        </SectionLink>
        <SectionLink section="files" icon={<IconFiles size={16} stroke={1.7} aria-hidden />}>
          Pictures &amp; documents
        </SectionLink>
        <SectionLink section="history" icon={<IconHistory size={16} stroke={1.7} aria-hidden />}>
          History
        </SectionLink>
      </Group>
    </nav>
  );
}
