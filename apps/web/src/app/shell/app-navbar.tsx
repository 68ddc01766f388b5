import { Box, Loader, NavLink } from '@mantine/core';
import { ENTITIES, mayPerform, RECORD_KINDS, type Action, type EntityName } from '@3ds/domain';
import {
  IconBriefcase,
  IconBucket,
  IconBuilding,
  IconBuildingWarehouse,
  IconCertificate,
  IconClipboardList,
  IconFileCertificate,
  IconAlertOctagon,
  IconHome,
  IconListDetails,
  IconPackage,
  IconReportAnalytics,
  IconSettings,
  IconUsers,
  IconVocabulary,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendingPath } from '../../components/progress/use-progress.ts';
import { useSession } from '../../session/use-session.ts';
import { routePath, sectionOf, type RouteName, type StaticRouteName } from '../../config/paths.ts';
import { SCREENS, type ScreenRouteName } from '../screens.ts';
import classes from './shell.module.css';

interface SidebarLink {
  route: ScreenRouteName & StaticRouteName;
  label: string;
  icon: TablerIcon;
  /** Shown only to users whose privileges allow this action; the screen checks it again. */
  action?: Action;
}

/** Each record kind's icon; its link's label and place come from its definition (record-kinds.ts). */
const RECORD_ICONS: Record<EntityName, TablerIcon> = {
  companies: IconBuilding,
  registrations: IconCertificate,
  jobs: IconBriefcase,
  'order-forms': IconFileCertificate,
  losses: IconAlertOctagon,
  containers: IconPackage,
  'line-items': IconListDetails,
  'yb-containers': IconBucket,
  'yb-line-items': IconClipboardList,
  dictionaries: IconVocabulary,
};

/**
 * The sidebar (spec 1 §2 "Sidebar links"), in this order: ours Home first, the record kinds' lists in
 * the order of their definitions (the spec's), then ours On Hand, Reports, Users and Settings.
 */
export const SIDEBAR_LINKS: readonly SidebarLink[] = [
  { route: 'home', label: 'Home', icon: IconHome },
  ...ENTITIES.map((entity) => ({ route: entity, label: RECORD_KINDS[entity].sidebar, icon: RECORD_ICONS[entity] })),
  { route: 'on-hand', label: 'On Hand', icon: IconBuildingWarehouse },
  { route: 'reports', label: 'Reports', icon: IconReportAnalytics },
  { route: 'users', label: 'Users', icon: IconUsers, action: 'user.manage' },
  { route: 'settings', label: 'Settings', icon: IconSettings, action: 'settings.edit' },
];

/** The sidebar links a user with these privileges sees. */
export function sidebarLinksFor(privileges: readonly string[] | undefined): readonly SidebarLink[] {
  return SIDEBAR_LINKS.filter((link) => link.action === undefined || mayPerform(privileges, link.action));
}

interface AppNavbarProps {
  /** The current route's name. */
  current: RouteName | null;
  onNavigate?: () => void;
}

export function AppNavbar({ current, onNavigate }: AppNavbarProps) {
  const activeSection = current ? sectionOf(current) : null;
  const links = sidebarLinksFor(useSession()?.privileges);
  const pending = usePendingPath();
  return (
    <Box style={{ flex: 1, overflowY: 'auto' }}>
      {links.map(({ route, label, icon: LinkIcon }) => {
        const active = route === activeSection;
        const preload = () => void SCREENS[route].load().catch(() => undefined);
        // The link just clicked, while its screen is on the way.
        const loading = pending === routePath(route);
        return (
          <NavLink
            key={route}
            component={Link}
            to={routePath(route)}
            label={label}
            leftSection={<LinkIcon size={19} stroke={1.7} aria-hidden />}
            rightSection={loading ? <Loader size={14} aria-hidden /> : undefined}
            aria-busy={loading || undefined}
            active={active}
            // "page" on the list itself; "true" (current section) on its records' screens.
            aria-current={active ? (route === current ? 'page' : 'true') : undefined}
            className={classes.navLink}
            mb={2}
            onMouseEnter={preload}
            onFocus={preload}
            onClick={onNavigate}
          />
        );
      })}
    </Box>
  );
}
