import { Badge, Notification, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX, type TablerIcon } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { alertStore, dismissAlert, type AlertType } from '../../lib/alert-store.ts';
import classes from './alert-panel.module.css';

const LOOK: Record<AlertType, { color: MantineColor; icon: TablerIcon }> = {
  SUCCESS: { color: 'green', icon: IconCheck },
  WARNING: { color: 'orange', icon: IconAlertTriangle },
  DANGER: { color: 'red', icon: IconX },
  INFO: { color: 'blue', icon: IconInfoCircle },
};

/** Renders the alert store. Each alert is `role="alert"` and carries `data-alert-type`. */
export function AlertPanel() {
  const alerts = useSyncExternalStore(alertStore.subscribe, alertStore.getAlerts, alertStore.getAlerts);
  if (alerts.length === 0) return null;
  return (
    <div className={classes.panel}>
      {alerts.map((alert) => {
        const { color, icon: AlertIcon } = LOOK[alert.type];
        return (
          <Notification
            key={alert.id}
            className={classes.alert}
            classNames={{ description: classes.description, title: classes.title }}
            data-alert-type={alert.type}
            color={color}
            icon={<AlertIcon size={18} stroke={2.2} aria-hidden />}
            title={alert.title}
            withBorder
            radius="md"
            onClose={() => dismissAlert(alert.id)}
            closeButtonProps={{ 'aria-label': 'Dismiss alert' }}
          >
            <span className={classes.message}>
              <span>{alert.message}</span>
              {alert.count > 1 && (
                <Badge size="sm" variant="light" color={color} title={`Shown ${alert.count} times`}>
                  ×{alert.count}
                </Badge>
              )}
            </span>
            {alert.details.length > 0 && (
              <ul className={classes.details}>
                {alert.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Notification>
        );
      })}
    </div>
  );
}
