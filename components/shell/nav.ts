/**
 * The dashboard's navigation. An item shows only to a user whose role has its scope (or who is an
 * admin, for `admin` items); the pages themselves refuse the others on the server.
 */
import type { Scope } from '@/lib/domain/scopes';

export type NavIcon = 'orders' | 'plus' | 'map' | 'building' | 'pin' | 'flask' | 'box' | 'shield' | 'webhook' | 'key' | 'mail' | 'inbox' | 'users' | 'bell' | 'idCard' | 'dice';

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  /** The scope a user needs to see the item, or `admin` for admins only. */
  requires: Scope | 'admin';
  /** Which section heading the item sits under. */
  section: 'Orders' | 'Program' | 'Reference data' | 'Developers';
  /** A count shown beside the label (e.g. results to acknowledge); none when 0 or absent. */
  badge?: number;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/orders', label: 'Orders', icon: 'orders', requires: 'order.list', section: 'Orders' },
  { href: '/orders/new', label: 'New order', icon: 'plus', requires: 'order.create', section: 'Orders' },
  { href: '/results', label: 'Results', icon: 'inbox', requires: 'order.list', section: 'Orders' },
  { href: '/actions', label: 'Actions', icon: 'bell', requires: 'action.read', section: 'Orders' },
  { href: '/clinics', label: 'Clinics', icon: 'map', requires: 'clinic.search', section: 'Orders' },
  { href: '/employees', label: 'Employees', icon: 'idCard', requires: 'employee.list', section: 'Program' },
  { href: '/random', label: 'Random testing', icon: 'dice', requires: 'random.read', section: 'Program' },
  { href: '/reports', label: 'Reports', icon: 'inbox', requires: 'report.read', section: 'Program' },
  { href: '/companies', label: 'Companies', icon: 'building', requires: 'company.list', section: 'Reference data' },
  { href: '/locations', label: 'Locations', icon: 'pin', requires: 'location.list', section: 'Reference data' },
  { href: '/services', label: 'Services', icon: 'flask', requires: 'service.list', section: 'Reference data' },
  { href: '/packages', label: 'Packages', icon: 'box', requires: 'package.list', section: 'Reference data' },
  { href: '/agencies', label: 'Agencies', icon: 'shield', requires: 'agency.list', section: 'Reference data' },
  { href: '/webhooks', label: 'Webhooks', icon: 'webhook', requires: 'webhook.read', section: 'Developers' },
  { href: '/settings/users', label: 'Users', icon: 'users', requires: 'admin', section: 'Developers' },
  { href: '/settings/tokens', label: 'API tokens', icon: 'key', requires: 'admin', section: 'Developers' },
  { href: '/mailbox', label: 'Mailbox', icon: 'mail', requires: 'admin', section: 'Developers' },
];

export function navFor(user: { role: string; scopes: ReadonlySet<string> }): NavItem[] {
  return NAV_ITEMS.filter((item) => (item.requires === 'admin' ? user.role === 'admin' : user.scopes.has(item.requires)));
}
