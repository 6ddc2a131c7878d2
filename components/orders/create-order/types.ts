/**
 * What the new-order page hands the form (read on the server from the domain), and the form's
 * value types, which are the shared `CreateOrderBody` schema's own.
 */
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import type { Clinic, Employee, Order } from '@/lib/api/representations';
import type { CreateOrderBody } from '@/lib/domain/orders/schemas';
import type { PackageRules } from '@/lib/domain/orders/package-rules';

export type FormInput = z.input<typeof CreateOrderBody>;
export type FormOutput = z.output<typeof CreateOrderBody>;
export type FieldName = FieldPath<FormInput>;

/** Responses of /api/v2, typed by the API's representation schemas. */
export type OrderResponse = z.output<typeof Order>;
export type ClinicResponse = z.output<typeof Clinic>;
export type EmployeeResponse = z.output<typeof Employee>;

export interface LocationChoice {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

export interface AgencyChoice {
  id: string;
  code: string;
  name: string;
  /** FAA, FRA and FTA name a job category on DOT orders. */
  namesJobCategories: boolean;
  jobCategories: Array<{ id: string; name: string }>;
}

export interface PackageChoice {
  id: string;
  name: string;
  isDot: boolean;
  /** `type` and `category` tell a DOT service's testing window (lib/domain/orders/incident.ts). */
  services: Array<{ id: string; name: string; isDot: boolean; specimenType: string | null; type: string; category: string | null }>;
  /** What the package's services decide about the order's members (lib/domain/orders/package-rules.ts). */
  rules: PackageRules;
  /** The locations where it can be ordered. */
  locationIds: string[];
}
