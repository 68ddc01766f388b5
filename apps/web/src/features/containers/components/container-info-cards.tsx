import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import type { ContainerKindConfig, SummaryFact } from '../container-kinds.ts';
import type { ContainerFacts } from '../container-record.ts';
import { DetailCard, DetailFields, type DetailField } from '../../../components/record-view/detail-parts.tsx';

function Registration({ facts }: { facts: ContainerFacts }) {
  if (!facts.registrationNumber) return '';
  if (!facts.registrationExpired) return facts.registrationNumber;
  return (
    <Group gap={6} component="span" wrap="wrap">
      <Text span inherit c="red.7" fw={600} title={`Expired ${facts.registrationExpiration}`} style={{ whiteSpace: 'nowrap' }}>
        {facts.registrationNumber}
      </Text>
      <Badge size="xs" variant="light" color="red" radius="sm" style={{ flex: 'none', minWidth: 'max-content' }}>
        Expired
      </Badge>
    </Group>
  );
}

function summaryField(fact: SummaryFact, facts: ContainerFacts): DetailField {
  switch (fact) {
    case 'companyId':
      return { label: 'Company ID', value: facts.companyId };
    case 'companyName':
      return { label: 'Company Name', value: facts.companyName };
    case 'activity':
      return { label: 'Activity', value: facts.activity };
    case 'registration':
      return { label: 'Registration', value: <Registration facts={facts} /> };
    case 'jobId':
      return {
        label: 'Job ID',
        value: facts.jobId && (
          <Anchor component={Link} to={routePath('job-view', { id: facts.jobId })} fw={600} aria-label={`Job ${facts.jobId}`}>
            {facts.jobId}
          </Anchor>
        ),
      };
    case 'jobName':
      return { label: 'Job Name', value: facts.jobName };
  }
}

const withUoM = (value: string, uom: string) => (value === '' ? '' : uom ? `${value} ${uom}` : value);

/** The container's summary (company, registration, job) beside its type, pallet and weights. */
export function ContainerInfoCards({ kind, facts }: { kind: ContainerKindConfig; facts: ContainerFacts }) {
  return (
    <Grid gap="lg" align="stretch">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <DetailCard title={kind.summaryTitle} fill>
          <DetailFields cols={{ base: 1, sm: 2, md: 3 }} fields={kind.summaryFacts.map((fact) => summaryField(fact, facts))} />
        </DetailCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <DetailCard title="Weights" fill>
          <DetailFields
            cols={{ base: 1, sm: 3 }}
            spacing="md"
            fields={[
              { label: 'Package Weight', value: withUoM(facts.packageWeight, facts.grossUoM) },
              { label: 'Net Weight', value: withUoM(facts.netWeight, facts.grossUoM) },
              { label: 'Gross Weight', value: facts.grossWeight === '' ? '' : <b>{withUoM(facts.grossWeight, facts.grossUoM)}</b> },
              { label: 'Pallet', value: facts.pallet },
              { label: 'Type', value: facts.type },
            ]}
          />
        </DetailCard>
      </Grid.Col>
    </Grid>
  );
}

/** The same cards' shape while the record loads, so nothing jumps when it arrives. */
export function ContainerInfoCardsSkeleton() {
  const facts = (count: number) => (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md">
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={10} width="45%" />
          <Skeleton height={14} width="75%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
  return (
    <Grid gap="lg" align="stretch" aria-busy="true" aria-label="Loading the container">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder shadow="xs" p="lg" h="100%">
          <Skeleton height={16} width={90} mb="lg" />
          {facts(6)}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder shadow="xs" p="lg" h="100%">
          <Skeleton height={16} width={80} mb="lg" />
          {facts(6)}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
