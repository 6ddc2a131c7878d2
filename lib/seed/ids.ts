/** The readable names behind every seeded id; DEMO and the builders both use these. */
import { seedId } from './random';
import type { TenantSlug } from './tenants';

export const seedIds = {
  tenant: (slug: TenantSlug) => seedId(`${slug}/tenant`),
  company: (slug: TenantSlug, key: string) => seedId(`${slug}/company/${key}`),
  location: (slug: TenantSlug, key: string) => seedId(`${slug}/location/${key}`),
  service: (slug: TenantSlug, key: string) => seedId(`${slug}/service/${key}`),
  package: (slug: TenantSlug, key: string) => seedId(`${slug}/package/${key}`),
  user: (slug: TenantSlug, email: string) => seedId(`${slug}/user/${email.toLowerCase()}`),
  /** The roster (DESIGN.md 7.1): by company key and externalId. */
  employee: (slug: TenantSlug, company: string, externalId: string) => seedId(`${slug}/employee/${company}/${externalId}`),
  clinic: (slug: TenantSlug, n: number) => seedId(`${slug}/clinic/${n}`),
  /** Orders are numbered by creation time, oldest first. */
  order: (slug: TenantSlug, n: number) => seedId(`${slug}/order/${n}`),
};
