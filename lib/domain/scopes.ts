/** Scopes of spec section 5 plus those DESIGN.md section 4 adds. */
export const SCOPES = [
  'order.create',
  'order.list',
  'order.read',
  'order.cancel',
  'order.participant.read',
  'order.service.write',
  'location.list',
  'location.read',
  'service.list',
  'service.read',
  'company.list',
  'company.read',
  'clinic.read',
  'clinic.search',
  'agency.list',
  'agency.read',
  'package.list',
  'package.read',
  'webhook.read',
  'webhook.write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export const ROLES = ['admin', 'manager', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const READ: Scope[] = SCOPES.filter(
  (s) => s.endsWith('.list') || s.endsWith('.read') || s === 'clinic.search',
).filter((s) => s !== 'order.participant.read' && s !== 'webhook.read');

/**
 * A dashboard user is a principal like an API token: the role decides the scopes.
 * admin: everything; manager: places and tracks orders, finds clinics; staff: tracks and cancels;
 * viewer: reads only.
 */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  manager: [...READ, 'order.create', 'order.cancel', 'order.participant.read', 'webhook.read'],
  staff: [...READ, 'order.cancel'],
  viewer: READ,
};
