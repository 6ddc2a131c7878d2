/** In-memory model of one demo tenant while its rows are built. */
import type * as schema from '@/lib/db/schema';
import type { CompanyDef, LocationDef, TenantDef } from './tenants';
import type { PackageDef, ServiceDef } from './catalog';

export type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface BuiltCompany {
  def: CompanyDef;
  id: string;
  /** Time after which no order is placed for it (deactivated or deleted), ms. */
  closedAt: number | null;
}

export interface BuiltLocation {
  def: LocationDef;
  id: string;
  company: BuiltCompany;
  lat: number;
  long: number;
  state: string;
  strategies: readonly string[];
  feeCapCents: number | null;
  closedAt: number | null;
}

export interface BuiltService {
  def: ServiceDef;
  id: string;
}

export interface BuiltPackage {
  def: PackageDef;
  id: string;
  name: string;
  company: BuiltCompany;
  location: BuiltLocation | null;
  services: readonly BuiltService[];
  isDot: boolean;
  hasBackgroundCheck: boolean;
  backgroundOnly: boolean;
}

export interface BuiltClinic {
  id: string;
  name: string;
  phone: string;
  city: string;
  state: string;
  zip: string;
  lat: number | null;
  long: number | null;
  isActive: boolean;
  /** Service id -> price in cents. */
  prices: ReadonlyMap<string, number>;
}

export interface TenantModel {
  def: TenantDef;
  tenantId: string;
  companies: readonly BuiltCompany[];
  locations: readonly BuiltLocation[];
  services: readonly BuiltService[];
  packages: readonly BuiltPackage[];
  clinics: readonly BuiltClinic[];
  users: ReadonlyArray<{ id: string; email: string; name: string; role: string }>;
}

export interface TenantRows {
  tenants: Row<typeof schema.tenants>[];
  companies: Row<typeof schema.companies>[];
  locations: Row<typeof schema.locations>[];
  users: Row<typeof schema.users>[];
  services: Row<typeof schema.services>[];
  packages: Row<typeof schema.packages>[];
  packageServices: Row<typeof schema.packageServices>[];
  clinics: Row<typeof schema.clinics>[];
  clinicServices: Row<typeof schema.clinicServices>[];
  employees: Row<typeof schema.employees>[];
  orders: Row<typeof schema.orders>[];
  orderPackages: Row<typeof schema.orderPackages>[];
  participantIdentifiers: Row<typeof schema.participantIdentifiers>[];
  orderServices: Row<typeof schema.orderServices>[];
  orderServiceStatusHistory: Row<typeof schema.orderServiceStatusHistory>[];
  orderServiceScreenHistory: Row<typeof schema.orderServiceScreenHistory>[];
  auditEvents: Row<typeof schema.auditEvents>[];
}

export function emptyRows(): TenantRows {
  return {
    tenants: [],
    companies: [],
    locations: [],
    users: [],
    services: [],
    packages: [],
    packageServices: [],
    clinics: [],
    clinicServices: [],
    employees: [],
    orders: [],
    orderPackages: [],
    participantIdentifiers: [],
    orderServices: [],
    orderServiceStatusHistory: [],
    orderServiceScreenHistory: [],
    auditEvents: [],
  };
}
