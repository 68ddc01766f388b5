import { Group, Loader, Text } from '@mantine/core';
import { warningFrom, WarningList } from '../alerts/warning-list.tsx';
import { ACTION_LABELS, countOf, type BulkAction, type BulkEntity, type BulkResult } from './bulk-model.ts';
import { RefusedList } from './refused-list.tsx';

interface BulkForecastProps {
  entity: BulkEntity;
  action: BulkAction;
  count: number;
  forecast: { data: BulkResult | undefined; isFetching: boolean; error: unknown };
  onNavigate?: (() => void) | undefined;
}

/**
 * Before a bulk action is confirmed: how many of the selection it will do and which it will refuse
 * and why (the action's dry run). Nothing is changed by reading it.
 */
export function BulkForecast({ entity, action, count, forecast, onNavigate }: BulkForecastProps) {
  const done = ACTION_LABELS[action].done;
  if (forecast.isFetching) {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking which of the {countOf(entity, count)} can be {done}…
        </Text>
      </Group>
    );
  }
  if (forecast.error) return <WarningList warning={warningFrom(forecast.error, `Which of the ${countOf(entity, count)} can be ${done} could not be checked`)} />;
  const result = forecast.data;
  if (!result) return null;
  if (result.refused.length === 0) {
    return (
      <Text size="sm" c="teal.8" fw={500} aria-live="polite">
        {result.done === 1 ? `It can be ${done}.` : `All ${countOf(entity, result.done)} can be ${done}.`}
      </Text>
    );
  }
  return (
    <div aria-live="polite">
      <Text size="sm" fw={600} mb={6}>
        {result.done > 0 ? `${countOf(entity, result.done)} will be ${done}; ` : ''}
        {result.refused.length.toLocaleString('en-US')} of the {countOf(entity, count)} will be refused:
      </Text>
      <RefusedList entity={entity} refused={result.refused} onNavigate={onNavigate} />
    </div>
  );
}
