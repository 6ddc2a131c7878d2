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
  // DESIGN.md 6: the second wave.
  'company.write',
  'location.write',
  'package.write',
  'order.update',
  'document.read',
  'document.write',
  // Issue 28: the dashboard's settings through the API; admin only (see ROLE_SCOPES).
  'user.write',
  'token.write',
  // Issue 29: the clinic network from the dashboard (the clinic import); admin only, tenant-wide principals.
  'clinic.write',
  // DESIGN.md 7: the third wave, the employer's testing program.
  'employee.list',
  'employee.read',
  'employee.write',
  'random.read',
  'random.write',
  'action.read',
  'action.write',
  'report.read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export const ROLES = ['admin', 'manager', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const READ: Scope[] = SCOPES.filter(
  (s) => s.endsWith('.list') || s.endsWith('.read') || s === 'clinic.search',
).filter((s) => s !== 'order.participant.read' && s !== 'webhook.read' && s !== 'document.read');

/**
 * A dashboard user is a principal like an API token: the role decides the scopes.
 * admin: everything (and sets the customer up: companies, locations, packages, documents; manages
 * users, `user.write`, and API tokens, `token.write`: no other role has these two);
 * manager: places, tracks and updates orders (pass, expiry, acknowledgement), reads documents;
 * staff: tracks, cancels and updates orders, reads the roster and works the action center;
 * viewer: reads only (no documents). Third wave (DESIGN.md 7): admin and manager have every program
 * scope; staff and viewer the `*.read`/`*.list` ones (READ), staff also `action.write`.
 */
/** DESIGN.md 7: program managers keep the roster and run the draws. */
const PROGRAM: Scope[] = ['employee.list', 'employee.read', 'employee.write', 'random.read', 'random.write', 'action.read', 'action.write', 'report.read'];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: SCOPES,
  manager: [...new Set([...READ, ...PROGRAM]), 'order.create', 'order.cancel', 'order.participant.read', 'webhook.read', 'order.update', 'document.read'],
  staff: [...READ, 'order.cancel', 'order.update', 'action.write'],
  viewer: READ,
};
