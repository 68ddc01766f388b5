import { Anchor, Badge, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { DetailCard, DetailFields, DetailFieldsSkeleton, type DetailField } from '../../../components/record-view/detail-parts.tsx';
import { withUnit, type LineItemFacts } from '../line-item-record.ts';

interface LineItemCardsProps {
  kind: LineItemKindConfig;
  facts: LineItemFacts;
  /** Avg Tablet and Density: the user's own organisation's bulk item. */
  showBulkDetails: boolean;
  /** The NDC Number's "Edit" link (CREATE_LINE_ITEM, unlocked). */
  onEditNdc?: (() => void) | undefined;
}

/**
 * The cards of the line item screen (spec 2 §2): the header card (company, registration, job and
 * container), NDC Info, Quantities, and Form Info.
 */
export function LineItemCards({ kind, facts, showBulkDetails, onEditNdc }: LineItemCardsProps) {
  const summary: DetailField[] = [
    { label: 'Company ID', value: facts.companyId },
    { label: 'Registration', value: facts.registration },
    { label: 'Job Name', value: facts.jobName },
    {
      label: 'Job ID',
      value: facts.jobId && (
        <Anchor component={Link} to={routePath('job-view', { id: facts.jobId })} fw={600} aria-label={`Job ${facts.jobId}`}>
          {facts.jobId}
        </Anchor>
      ),
    },
    { label: 'Container Name', value: facts.containerName },
    {
      label: 'Container ID',
      value: facts.containerId && (
        <Anchor
          component={Link}
          to={routePath(kind.containerRoute, { id: facts.containerId })}
          fw={600}
          aria-label={`${kind.kind === 'yellow-bucket' ? 'Yellow Bucket container' : 'Container'} ${facts.containerId}`}
        >
          {facts.containerId}
        </Anchor>
      ),
    },
  ];

  const ndcInfo: DetailField[] = [
    {
      label: 'NDC Number',
      value: (
        <Group gap="xs" component="span" wrap="wrap">
          <Text span inherit fw={600}>
            {facts.ndc || '—'}
          </Text>
          {facts.bulk && (
            <Badge size="xs" variant="light" color="grape" radius="sm">
              Bulk
            </Badge>
          )}
          {onEditNdc && (
            <Anchor component="button" type="button" size="sm" fw={600} onClick={onEditNdc} aria-label="Edit NDC Number">
              Edit
            </Anchor>
          )}
        </Group>
      ),
    },
    { label: 'NDC Description', value: facts.description },
    { label: 'Strength', value: facts.strength },
    { label: 'Schedule', value: facts.schedule },
    { label: 'Pack Size', value: facts.packSize },
    { label: 'UoM', value: facts.packSizeUoM },
    // Only where the pack size is not the NDC's package and someone said why.
    ...(facts.packSizeReason ? [{ label: 'Pack Size Reason', value: facts.packSizeReason }] : []),
    ...(facts.bulk ? [] : [{ label: 'Form', value: facts.form }]),
    ...(showBulkDetails
      ? [
          { label: 'Avg Tablet', value: facts.avgTablet },
          { label: 'Density (g/mL)', value: facts.density },
        ]
      : []),
  ];

  const quantities: DetailField[] = [
    { label: 'Pack Qty', value: withUnit(facts.packQuantity, facts.packQuantityUoM) },
    { label: facts.bulk ? '% Purity' : '% Fill', value: facts.percentFill },
    { label: 'Reporting Qty', value: withUnit(facts.reportingQty, facts.reportingUoM) },
    { label: 'Grams of Base', value: facts.gramsOfBase },
    ...(facts.bulkAmount || facts.stage
      ? [
          { label: 'Unit Converter', value: withUnit(facts.bulkAmount, facts.bulkAmountUoM) },
          { label: 'Stage', value: facts.stage },
        ]
      : []),
    { label: 'Source', value: facts.source },
    { label: 'Source Number', value: facts.sourceNumber },
    { label: 'Lot Number', value: facts.lotNumber },
    { label: 'Expiration Date', value: facts.expirationDate },
    { label: 'Serial Number', value: facts.serialNumber },
    { label: 'Cause', value: facts.cause },
    { label: 'Type', value: facts.type },
  ];

  return (
    <Stack gap="lg">
      <DetailCard title="Job and Container">
        <DetailFields fields={summary} cols={{ base: 1, xs: 2, md: 3, xl: 6 }} />
      </DetailCard>
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DetailCard title="NDC Info" fill>
            <DetailFields fields={ndcInfo} cols={{ base: 1, sm: 2 }} />
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DetailCard title="Quantities" fill>
            <DetailFields fields={quantities} cols={{ base: 1, sm: 2 }} />
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DetailCard title="Form Info" fill>
            <DetailFields
              fields={[
                { label: 'Form 222 #', value: facts.form222 },
                { label: 'CWF #', value: facts.cwf },
              ]}
              cols={{ base: 1, sm: 2 }}
            />
          </DetailCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DetailCard title="Record" fill>
            <DetailFields
              fields={[
                { label: 'Created', value: facts.created && `${facts.created}${facts.createdBy ? ` by ${facts.createdBy}` : ''}` },
                { label: 'Modified', value: facts.modified && `${facts.modified}${facts.modifiedBy ? ` by ${facts.modifiedBy}` : ''}` },
              ]}
              cols={{ base: 1, sm: 2 }}
            />
          </DetailCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The same cards' shape while the record loads, so nothing jumps when it arrives. */
export function LineItemCardsSkeleton() {
  const card = (count: number, cols: Parameters<typeof DetailFieldsSkeleton>[0]['cols']) => (
    <Paper withBorder shadow="xs" p="lg" h="100%">
      <Skeleton height={16} width={110} mb="lg" mt={6} />
      <DetailFieldsSkeleton count={count} cols={cols} />
    </Paper>
  );
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the line item">
      {card(6, { base: 1, xs: 2, md: 3, xl: 6 })}
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 6 }}>{card(7, { base: 1, sm: 2 })}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>{card(9, { base: 1, sm: 2 })}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>{card(2, { base: 1, sm: 2 })}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>{card(2, { base: 1, sm: 2 })}</Grid.Col>
      </Grid>
    </Stack>
  );
}
