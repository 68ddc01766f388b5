import { Anchor, Badge, Box, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes.ts';
import type { ContainerKindConfig, SummaryFact } from '../container-kinds.ts';
import type { ContainerFacts } from '../container-record.ts';
import classes from './containers.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <Box className={classes.fact}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.caption}>
        {label}
      </Text>
      <Text component="dd" size="sm" className={classes.value}>
        {empty ? <span className={classes.empty}>—</span> : children}
      </Text>
    </Box>
  );
}

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

function summaryFact(fact: SummaryFact, facts: ContainerFacts) {
  switch (fact) {
    case 'companyId':
      return <Fact key={fact} label="Company ID">{facts.companyId}</Fact>;
    case 'companyName':
      return <Fact key={fact} label="Company Name">{facts.companyName}</Fact>;
    case 'activity':
      return <Fact key={fact} label="Activity">{facts.activity}</Fact>;
    case 'registration':
      return (
        <Fact key={fact} label="Registration">
          <Registration facts={facts} />
        </Fact>
      );
    case 'jobId':
      return (
        <Fact key={fact} label="Job ID">
          {facts.jobId && (
            <Anchor component={Link} to={routePath('job-view', { id: facts.jobId })} fw={600} aria-label={`Job ${facts.jobId}`}>
              {facts.jobId}
            </Anchor>
          )}
        </Fact>
      );
    case 'jobName':
      return <Fact key={fact} label="Job Name">{facts.jobName}</Fact>;
  }
}

const withUoM = (value: string, uom: string) => (value === '' ? '' : uom ? `${value} ${uom}` : value);

/** The container's summary (company, registration, job) beside its type, pallet and weights. */
export function ContainerInfoCards({ kind, facts }: { kind: ContainerKindConfig; facts: ContainerFacts }) {
  return (
    <Grid gap="lg" align="stretch">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder shadow="xs" p="lg" h="100%" component="section" aria-labelledby="container-summary">
          <Title order={2} fz="md" fw={650} mb="md" id="container-summary">
            {kind.summaryTitle}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="sm" className={classes.facts}>
            {kind.summaryFacts.map((fact) => summaryFact(fact, facts))}
          </SimpleGrid>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder shadow="xs" p="lg" h="100%" component="section" aria-labelledby="container-weights">
          <Title order={2} fz="md" fw={650} mb="md" id="container-weights">
            Weights
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm" className={classes.facts}>
            <Fact label="Package Weight">{withUoM(facts.packageWeight, facts.grossUoM)}</Fact>
            <Fact label="Net Weight">{withUoM(facts.netWeight, facts.grossUoM)}</Fact>
            <Fact label="Gross Weight">
              {facts.grossWeight === '' ? '' : <b>{withUoM(facts.grossWeight, facts.grossUoM)}</b>}
            </Fact>
            <Fact label="Pallet">{facts.pallet}</Fact>
            <Fact label="Type">{facts.type}</Fact>
          </SimpleGrid>
        </Paper>
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
