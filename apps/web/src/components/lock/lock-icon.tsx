import { IconLock } from '@tabler/icons-react';

/**
 * The "locked" mark of lists and records: an icon whose accessible name is "Locked". A native
 * title rather than a Mantine Tooltip: the tooltip's floating-ui code would otherwise land in the
 * first-load bundle (it shares modules with the shell's menu).
 */
export function LockIcon({ size = 17 }: { size?: number }) {
  return (
    <span title="Locked" style={{ display: 'inline-flex', flex: 'none' }}>
      <IconLock size={size} stroke={1.8} aria-label="Locked" role="img" style={{ color: 'var(--mantine-color-gray-7)' }} />
    </span>
  );
}
