import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CATALOGUE, isShownLocked, type EntityName } from '@3ds/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { RecordLoadError } from './detail-parts.tsx';
import { isYes } from '../list-screen/cell-format.ts';
import { LockIcon } from '../lock/lock-icon.tsx';
import { PageFrame } from '../page/page-frame.tsx';
import { useRecord, type RecordData } from './api/get-record.ts';
import { PortalTable } from './portal-table.tsx';
import { fieldCaption, fieldText, isFileLink } from './record-fields.ts';
import classes from './record-view.module.css';

export interface RecordViewProps {
  entity: EntityName;
  /** The heading as the spec names it ("Company 12", "Registration AB1234563"). */
  title: (record: RecordData | undefined, id: string) => string;
  /** A field shown under the heading (the company's or job's name). */
  subtitleField?: string;
  /** Where "Back to list" goes when the user did not come from a list page. */
  listPath: string;
  /** Detail path patterns of portal records, by portal name (`{ Containers: '/container/:id' }`). */
  portalLinks?: Partial<Record<string, string>>;
}

/**
 * A generic read-only record screen: every field of the entity's catalogue with its label, the
 * lock mark, and each portal as a small table. The real detail screens replace it one by one.
 */
export function RecordView({ entity, title, subtitleField, listPath, portalLinks }: RecordViewProps) {
  const { id = '' } = useParams();
  const location = useLocation();
  const catalogue = CATALOGUE[entity];
  const query = useRecord(entity, id);
  const record = query.data;

  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith(listPath) ? from : listPath;
  const back = (
    <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}>
      Back to list
    </Button>
  );

  const locked = record ? isShownLocked(catalogue, record.fieldData) : false;
  const subtitle = record && subtitleField ? String(record.fieldData[subtitleField] ?? '') : undefined;

  return (
    <PageFrame
      title={title(record, id)}
      titleAddon={locked ? <LockIcon size={22} /> : undefined}
      subtitle={subtitle || undefined}
      actions={back}
    >
      {query.isPending && <RecordSkeleton />}
      {query.isError && (
        <RecordLoadError what="record" error={query.error} />
      )}
      {record && (
        <Stack gap="lg">
          <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="record-fields">
            <Title order={2} fz="md" fw={650} mb="md" id="record-fields">
              Details
            </Title>
            <SimpleGrid
              component="dl"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="lg"
              verticalSpacing="sm"
              className={classes.fields}
            >
              {catalogue.fields.map((field) => {
                const text = fieldText(field, record.fieldData[field.name], catalogue);
                const isLock = field.name === catalogue.lockField;
                return (
                  <Box key={field.name} className={classes.field}>
                    <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.caption}>
                      {fieldCaption(field, catalogue.fields)}
                    </Text>
                    <Text component="dd" size="sm" className={classes.value}>
                      {text === '' ? (
                        <span className={classes.empty}>—</span>
                      ) : isLock && isYes(text) ? (
                        <Group gap={6} component="span">
                          <LockIcon size={15} /> Yes
                        </Group>
                      ) : isFileLink(text) ? (
                        <Anchor href={text} target="_blank" rel="noreferrer">
                          Open file
                        </Anchor>
                      ) : (
                        text
                      )}
                    </Text>
                  </Box>
                );
              })}
            </SimpleGrid>
          </Paper>
          {Object.entries(record.portalData).map(([name, rows]) => (
            <PortalTable
              key={name}
              name={name}
              rows={rows}
              foundCount={record.portalDataInfo.find((info) => info.portalObjectName === name)?.foundCount}
              detailPath={portalLinks?.[name]}
            />
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

function RecordSkeleton() {
  return (
    <Paper withBorder shadow="xs" p="lg" aria-busy="true" aria-label="Loading the record">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
        {Array.from({ length: 12 }, (_, index) => (
          <Stack key={index} gap={6}>
            <Skeleton height={10} width="40%" />
            <Skeleton height={14} width="75%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
