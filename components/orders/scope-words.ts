/** Scopes (permissions) in words, for people: the denied-page notice and the API tokens page. */
import type { Scope } from '@/lib/domain/scopes';

export const SCOPE_WORDS: Record<Scope, string> = {
  'order.create': 'Place orders',
  'order.list': 'List orders',
  'order.read': 'Read orders',
  'order.cancel': 'Cancel orders',
  'order.participant.read': 'Read participant identifiers',
  'order.service.write': 'Record service results',
  'order.update': 'Update orders (pass, expiry, acknowledgement)',
  'location.list': 'List locations',
  'location.read': 'Read locations',
  'location.write': 'Manage locations',
  'service.list': 'List services',
  'service.read': 'Read services',
  'company.list': 'List companies',
  'company.read': 'Read companies',
  'company.write': 'Manage companies',
  'clinic.read': 'Read clinics',
  'clinic.search': 'Search clinics',
  'clinic.write': 'Import the clinic network',
  'agency.list': 'List agencies',
  'agency.read': 'Read agencies',
  'package.list': 'List packages',
  'package.read': 'Read packages',
  'package.write': 'Manage packages',
  'webhook.read': 'Read webhook deliveries',
  'webhook.write': 'Redeliver webhooks and manage the signing secret',
  'document.read': 'Read result documents',
  'document.write': 'Upload result documents',
  'user.write': 'Manage dashboard users',
  'token.write': 'Manage API tokens',
  'employee.list': 'List employees (the roster)',
  'employee.read': 'Read employees',
  'employee.write': 'Manage the roster',
  'random.read': 'Read random pools and draws',
  'random.write': 'Manage random pools, draw and excuse selections',
  'action.read': 'Read the action center',
  'action.write': 'Resolve and dismiss actions',
  'report.read': 'Read program reports (MIS, Clearinghouse)',
};

/** A scope (or `admin`, the role some pages need) in words; an unknown value as given. */
export function scopeInWords(value: string): string {
  if (value === 'admin') return 'the administrator role';
  return (SCOPE_WORDS as Record<string, string>)[value] ?? value;
}
